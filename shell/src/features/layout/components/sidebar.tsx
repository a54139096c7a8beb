import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { Icon, type IconName } from '@devhub/shared/icon';
import { useDismiss } from '../../../lib/use-dismiss';
import { useSidebarStore } from '../hooks/sidebar-store';
import { SIDEBAR_ID } from './header';
import styles from './sidebar.module.css';

interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  /** The Requests entry shares "/" with Home, so only Home is ever marked current there. */
  highlight: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: SHELL_TEXT.nav.home, icon: 'home', highlight: true },
  { to: '/blog', label: SHELL_TEXT.nav.blog, icon: 'article', highlight: true },
  { to: '/software', label: SHELL_TEXT.nav.software, icon: 'software', highlight: true },
  { to: '/docs', label: SHELL_TEXT.nav.docs, icon: 'docs', highlight: true },
  { to: '/courses', label: SHELL_TEXT.nav.courses, icon: 'course', highlight: true },
  { to: '/', label: SHELL_TEXT.nav.requests, icon: 'request', highlight: false },
];

export function Sidebar() {
  const open = useSidebarStore((state) => state.open);
  const close = useSidebarStore((state) => state.close);
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    toggleRef.current = document.querySelector('[data-sidebar-toggle]');
  });
  useEffect(() => {
    close();
  }, [pathname, close]);
  useDismiss(open, [navRef, toggleRef], close);

  return (
    <>
      {open && <div className={styles.backdrop} aria-hidden="true" />}
      <nav
        id={SIDEBAR_ID}
        ref={navRef}
        className={styles.sidebar}
        data-open={open}
        aria-label={SHELL_TEXT.mainNavigation}
      >
        <ul className={styles.list}>
          {NAV_ITEMS.map((item) => {
            const current = item.highlight && pathname === item.to;
            return (
              <li key={item.label}>
                <Link
                  to={item.to}
                  className={current ? `${styles.link} ${styles.active}` : styles.link}
                  aria-current={current ? 'page' : undefined}
                >
                  <Icon name={item.icon} />
                  <span>{item.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}

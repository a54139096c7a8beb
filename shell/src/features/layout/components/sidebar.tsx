import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { Icon, type IconName } from '@devhub/shared/icon';
import { useDismiss } from '../../../lib/use-dismiss';
import { focusStatic } from '../../a11y/use-route-focus';
import { useSidebarStore } from '../hooks/sidebar-store';
import { SIDEBAR_ID } from './header';
import styles from './sidebar.module.css';
import { MAIN_CONTENT_ID } from '../../../lib/main-content-id';

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

/** Where the sidebar stops being an overlay (sidebar.module.css). */
const WIDE = '(min-width: 640px)';

const focusableLinks = (container: HTMLElement | null) => [...(container?.querySelectorAll('a') ?? [])];

/**
 * The main navigation. Wide, it is a column beside the content. Narrow, the header's button
 * opens it as a modal dialog (WAI-ARIA APG): focus moves to its first link and Tab stays inside;
 * Escape, the backdrop and the button close it, and focus goes back to the button. Following
 * a link closes it and leaves focus to the new page.
 */
export function Sidebar() {
  const open = useSidebarStore((state) => state.open);
  const close = useSidebarStore((state) => state.close);
  const { pathname, key } = useLocation();
  const dialogRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    toggleRef.current = document.querySelector('[data-sidebar-toggle]');
  });
  useEffect(() => {
    close();
  }, [key, close]);
  useEffect(() => {
    if (open) focusableLinks(dialogRef.current)[0]?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const wide = window.matchMedia(WIDE);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [open, close]);

  const dismiss = () => {
    close();
    toggleRef.current?.focus();
  };
  useDismiss(open, [dialogRef, toggleRef], dismiss);

  const keepTabInside = (event: KeyboardEvent) => {
    if (!open || event.key !== 'Tab') return;
    const links = focusableLinks(dialogRef.current);
    const first = links[0];
    const last = links[links.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <>
      {open && <div className={styles.backdrop} aria-hidden="true" />}
      <div
        ref={dialogRef}
        className={styles.dialog}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-label={open ? SHELL_TEXT.mainNavigation : undefined}
        onKeyDown={keepTabInside}
      >
        <nav id={SIDEBAR_ID} className={styles.sidebar} data-open={open} aria-label={SHELL_TEXT.mainNavigation}>
          <ul className={styles.list}>
            {NAV_ITEMS.map((item) => {
              const current = item.highlight && pathname === item.to;
              return (
                <li key={item.label}>
                  <Link
                    to={item.to}
                    className={current ? `${styles.link} ${styles.active}` : styles.link}
                    aria-current={current ? 'page' : undefined}
                    onClick={() => {
                      // The same page again: nothing new will take focus, so the page's heading does.
                      const heading = document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);
                      if (open && item.to === pathname && heading) focusStatic(heading);
                    }}
                  >
                    <Icon name={item.icon} />
                    <span>{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </>
  );
}

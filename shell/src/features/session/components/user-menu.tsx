import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signOutEverywhere } from '@devhub/shared/session-store';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { Icon, type IconName } from '@devhub/shared/icon';
import { notify } from '../../../lib/notify';
import { useDismiss } from '../../../lib/use-dismiss';
import { useCurrentUser } from '../hooks/use-current-user';
import styles from './user-menu.module.css';

const LINKS: ReadonlyArray<{ to: string; label: string; icon: IconName }> = [
  { to: '/profile', label: SHELL_TEXT.userMenu.profile, icon: 'user' },
  { to: '/repo', label: SHELL_TEXT.userMenu.repo, icon: 'repo' },
  { to: '/cart', label: SHELL_TEXT.userMenu.cart, icon: 'cart' },
  { to: '/setting', label: SHELL_TEXT.userMenu.setting, icon: 'settings' },
];

/**
 * The account menu, a WAI-ARIA APG disclosure navigation menu: a button that shows or hides a
 * list of links (no menu roles, so no menu keys are promised). It closes on Escape, which puts
 * focus back on the button, and when focus or a pointer press goes outside it.
 */
export function UserMenu() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const displayName = user?.displayName ?? SHELL_TEXT.userMenu.neutralName;

  const close = () => setOpen(false);
  useDismiss(open, [containerRef], (reason) => {
    close();
    // Escape from inside the menu would otherwise leave focus on a link that is gone.
    if (reason === 'escape' && containerRef.current?.contains(document.activeElement)) triggerRef.current?.focus();
  });
  useEffect(() => {
    const container = containerRef.current;
    if (!open || !container) return undefined;
    const closeWhenFocusLeaves = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (!next || !container.contains(next)) setOpen(false);
    };
    container.addEventListener('focusout', closeWhenFocusLeaves);
    return () => container.removeEventListener('focusout', closeWhenFocusLeaves);
  }, [open]);

  const logout = () => {
    close();
    void signOutEverywhere();
    void notify('success', SHELL_TEXT.userMenu.loggedOut);
    void navigate('/');
  };

  return (
    <div className={styles.container} ref={containerRef}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${SHELL_TEXT.userMenu.open}: ${displayName}`}
        onClick={() => setOpen((value) => !value)}
      >
        <img className={styles.avatar} src="/avatar-placeholder.svg" alt="" width={32} height={32} />
        <span className={styles.triggerName}>{displayName}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open && (
        // Focusable by script only, so a click on its text keeps focus inside and the menu open.
        <div className={styles.menu} id={menuId} tabIndex={-1}>
          <div className={styles.identity}>
            <img
              className={styles.avatarLarge}
              src="/avatar-placeholder.svg"
              alt={SHELL_TEXT.userMenu.avatarAlt}
              width={44}
              height={44}
            />
            <div>
              <p className={styles.name}>{displayName}</p>
              <p className={styles.membership}>{SHELL_TEXT.userMenu.membership}</p>
            </div>
          </div>
          <ul className={styles.list}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link className={styles.item} to={link.to} onClick={close}>
                  <Icon name={link.icon} size={18} />
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className={styles.item} onClick={logout}>
                <Icon name="logout" size={18} />
                {SHELL_TEXT.userMenu.logout}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

import { Link } from 'react-router';
import { PRODUCT_NAME } from '@devhub/shared/constants';
import { useSessionStore } from '@devhub/shared/session-store';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { Icon } from '@devhub/shared/icon';
import { SearchBox } from '../../search/components/search-box';
import { UserMenu } from '../../session/components/user-menu';
import { ThemeToggle } from '../../theme/components/theme-toggle';
import { useSidebarStore } from '../hooks/sidebar-store';
import styles from './header.module.css';

export const SIDEBAR_ID = 'main-sidebar';

export function Header({ withSidebar }: { withSidebar: boolean }) {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const sidebarOpen = useSidebarStore((state) => state.open);
  const toggleSidebar = useSidebarStore((state) => state.toggle);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {withSidebar && (
          <button
            type="button"
            className={styles.menuButton}
            aria-controls={SIDEBAR_ID}
            aria-expanded={sidebarOpen}
            aria-label={sidebarOpen ? SHELL_TEXT.closeNavigation : SHELL_TEXT.openNavigation}
            data-sidebar-toggle=""
            onClick={toggleSidebar}
          >
            <Icon name={sidebarOpen ? 'close' : 'menu'} />
          </button>
        )}
        <Link to="/" className={styles.logo} aria-label={SHELL_TEXT.logoLabel}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className={styles.logoText}>{PRODUCT_NAME}</span>
        </Link>
        <SearchBox />
        <div className={styles.actions}>
          <ThemeToggle />
          {isAuthenticated ? (
            <UserMenu />
          ) : (
            <>
              <Link to="/signin" className={styles.signIn}>
                {SHELL_TEXT.signIn}
              </Link>
              <Link to="/signup" className={styles.signUp}>
                {SHELL_TEXT.signUp}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { SkipLink } from './skip-link';
import styles from './layout.module.css';
import { MAIN_CONTENT_ID } from '../../../lib/main-content-id';

/** Header, content and footer, no sidebar: the signed-in pages' frame. */
export function AccountLayout() {
  return (
    <div className={styles.frame}>
      <SkipLink />
      <Header withSidebar={false} />
      <div className={styles.body}>
        <main id={MAIN_CONTENT_ID} className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Footer />
    </div>
  );
}

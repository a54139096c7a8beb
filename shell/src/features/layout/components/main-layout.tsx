import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { SkipLink } from './skip-link';
import styles from './layout.module.css';
import { MAIN_CONTENT_ID } from '../../../lib/main-content-id';

/** Header, sidebar, content and footer: the public pages' frame. */
export function MainLayout() {
  return (
    <div className={styles.frame}>
      <SkipLink />
      <Header withSidebar />
      <div className={styles.body}>
        <Sidebar />
        <main id={MAIN_CONTENT_ID} className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <Footer />
    </div>
  );
}

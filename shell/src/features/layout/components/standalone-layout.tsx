import { Outlet } from 'react-router';
import styles from './layout.module.css';
import { MAIN_CONTENT_ID } from '../../../lib/main-content-id';

/** Sign-in and sign-up stand alone: the remote page owns the whole screen. */
export function StandaloneLayout() {
  return (
    <main id={MAIN_CONTENT_ID} className={styles.standalone}>
      <Outlet />
    </main>
  );
}

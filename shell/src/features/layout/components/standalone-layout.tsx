import { Outlet } from 'react-router';
import styles from './layout.module.css';

/** Sign-in and sign-up stand alone: the remote page owns the whole screen. */
export function StandaloneLayout() {
  return (
    <main id="main-content" className={styles.standalone}>
      <Outlet />
    </main>
  );
}

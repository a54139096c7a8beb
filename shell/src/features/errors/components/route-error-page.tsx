import { PAGE_TITLES, SHELL_TEXT } from '@devhub/shared/strings';
import { usePageTitle } from '@devhub/shared/use-page-title';
import { useRouteSettled } from '../../remotes/use-route-settled';
import styles from './error-page.module.css';
import { MAIN_CONTENT_ID } from '../../../lib/main-content-id';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** What a route that threw shows instead of a blank page. */
export function RouteErrorPage({ error }: { error: unknown }) {
  usePageTitle(PAGE_TITLES.error);
  useRouteSettled('error');
  return (
    <main className={styles.page} id={MAIN_CONTENT_ID}>
      <h1 className={styles.heading}>{SHELL_TEXT.routeError.heading}</h1>
      <p className={styles.detail}>{describe(error)}</p>
      <a className={styles.action} href="/">
        {SHELL_TEXT.routeError.backHome}
      </a>
    </main>
  );
}

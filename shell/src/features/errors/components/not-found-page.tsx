import { Link } from 'react-router';
import { PAGE_TITLES, SHELL_TEXT } from '@devhub/shared/strings';
import { usePageTitle } from '@devhub/shared/use-page-title';
import { useRouteSettled } from '../../remotes/use-route-settled';
import styles from './error-page.module.css';

export function NotFoundPage() {
  usePageTitle(PAGE_TITLES.notFound);
  useRouteSettled('not-found');
  return (
    <section className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.heading}>{SHELL_TEXT.notFound.heading}</h1>
      <p className={styles.detail}>{SHELL_TEXT.notFound.body}</p>
      <Link className={styles.action} to="/">
        {SHELL_TEXT.notFound.backHome}
      </Link>
    </section>
  );
}

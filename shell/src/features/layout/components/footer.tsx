import { Link } from 'react-router';
import { CONTACT, PRODUCT_NAME } from '@devhub/shared/constants';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { Icon } from '@devhub/shared/icon';
import { useYear } from '../../prerender/render-time';
import a11y from '@devhub/shared/visually-hidden.module.css';
import styles from './footer.module.css';

const QUICK_LINKS = [
  { to: '/blog', label: SHELL_TEXT.nav.blog },
  { to: '/software', label: SHELL_TEXT.nav.software },
  { to: '/docs', label: SHELL_TEXT.nav.docs },
  { to: '/courses', label: SHELL_TEXT.nav.courses },
] as const;

export function Footer() {
  const year = useYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section className={styles.about}>
          <p className={styles.brand}>{PRODUCT_NAME}</p>
          <p className={styles.description}>{SHELL_TEXT.footer.description}</p>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={styles.title}>
            {SHELL_TEXT.footer.quickLinks}
          </h2>
          <ul className={styles.list}>
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.title}>
            {SHELL_TEXT.footer.contact}
          </h2>
          <ul className={styles.list}>
            <li className={styles.contact}>
              <Icon name="mail" size={16} />
              <span className={a11y.visuallyHidden}>{SHELL_TEXT.footer.email}: </span>
              <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            </li>
            <li className={styles.contact}>
              <Icon name="phone" size={16} />
              <span className={a11y.visuallyHidden}>{SHELL_TEXT.footer.phone}: </span>
              <a href={`tel:${CONTACT.phone.replace(/\s/g, '')}`}>{CONTACT.phone}</a>
            </li>
          </ul>
        </section>
      </div>
      <p className={styles.copyright}>
        © {year} {PRODUCT_NAME}. {SHELL_TEXT.footer.rights}
      </p>
    </footer>
  );
}

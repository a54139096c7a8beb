import { Link } from 'react-router';
import { PRODUCT_NAME } from '@devhub/shared/constants';
import { SHELL_TEXT } from '@devhub/shared/strings';
import styles from './brand-logo.module.css';

/** The product mark, drawn inline so it follows the theme; it always leads home. */
export function BrandLogo() {
  return (
    <Link to="/" className={styles.logo} aria-label={SHELL_TEXT.logoLabel}>
      <svg width={36} height={36} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect className={styles.mark} width={32} height={32} rx={8} />
        <path
          className={styles.glyph}
          d="M9 10l-4 6 4 6M23 10l4 6-4 6M18 8l-4 16"
          fill="none"
          strokeWidth={2.5}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}

import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';
import styles from './auth-layout.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** Shown beside the form on wide screens only. */
  aside?: ReactNode;
}

/** The stand-alone frame of both pages: a centred card with the logo, the heading and the form. */
export function AuthLayout({ title, subtitle, children, aside }: AuthLayoutProps) {
  return (
    <div className={styles.page}>
      <div className={aside ? `${styles.card} ${styles.withAside}` : styles.card}>
        <div className={styles.main}>
          <BrandLogo />
          <div className={styles.heading}>
            <h1 className={styles.title}>{title}</h1>
            <p className={styles.subtitle}>{subtitle}</p>
          </div>
          {children}
        </div>
        {aside && <div className={styles.aside}>{aside}</div>}
      </div>
    </div>
  );
}

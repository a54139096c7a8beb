import toast from 'react-hot-toast';
import { AUTH_TEXT } from '../auth-text';
import styles from './social-sign-in.module.css';

// Brand marks keep their own colours (Google's are fixed by its guidelines; Apple's follows the text).
const GOOGLE_MARK = (
  <svg width={18} height={18} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
    <path
      fill="#FFC107"
      d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.7-.4-3.9z"
    />
    <path
      fill="#FF3D00"
      d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.6 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
    />
    <path
      fill="#1976D2"
      d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.7-.4-3.9z"
    />
  </svg>
);

const APPLE_MARK = (
  <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
    <path d="M16.37 1.43c0 1.14-.5 2.27-1.18 3.08-.74.9-1.99 1.57-2.99 1.57-.12 0-.23-.02-.3-.03-.01-.06-.04-.22-.04-.39 0-1.15.57-2.27 1.2-2.98.81-.94 2.15-1.64 3.25-1.68.03.13.06.28.06.43zm4.56 15.71c-.03.07-.46 1.58-1.52 3.12-.94 1.34-1.94 2.71-3.43 2.71-1.52 0-1.9-.88-3.63-.88-1.7 0-2.3.91-3.67.91-1.38 0-2.33-1.26-3.43-2.8-1.29-1.82-2.32-4.63-2.32-7.28 0-4.28 2.8-6.55 5.55-6.55 1.45 0 2.68.95 3.6.95.87 0 2.22-1.01 3.9-1.01.62 0 2.89.06 4.38 2.19-.13.09-2.38 1.37-2.38 4.19 0 3.26 2.85 4.42 2.95 4.45z" />
  </svg>
);

const SOCIAL_TOAST_ID = 'social-sign-in';

/** Google and Apple sign-in: present but not functional yet (spec §1), so each only says so. */
export function SocialSignIn() {
  const notAvailable = () => toast.error(AUTH_TEXT.featureInDevelopment, { id: SOCIAL_TOAST_ID });
  return (
    <div className={styles.social}>
      <p className={styles.divider}>{AUTH_TEXT.continueWith}</p>
      <div className={styles.buttons} role="group" aria-label={AUTH_TEXT.socialGroup}>
        <button type="button" className={styles.button} onClick={notAvailable}>
          {GOOGLE_MARK}
          {AUTH_TEXT.google}
        </button>
        <button type="button" className={styles.button} onClick={notAvailable}>
          {APPLE_MARK}
          {AUTH_TEXT.apple}
        </button>
      </div>
    </div>
  );
}

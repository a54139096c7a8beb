import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@devhub/shared/constants';

/**
 * The product's one toaster. react-hot-toast is a federation singleton, so a toast raised
 * inside any remote lands here.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATION_MS.blank,
        success: { duration: TOAST_DURATION_MS.success },
        error: { duration: TOAST_DURATION_MS.error },
        loading: { duration: TOAST_DURATION_MS.loading },
        custom: { duration: TOAST_DURATION_MS.custom },
        style: {
          background: 'var(--color-surface)',
          color: 'var(--color-text)',
          border: '1px solid var(--color-border)',
        },
      }}
    />
  );
}

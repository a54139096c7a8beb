import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@devhub/shared/constants';

/** react-hot-toast's toaster with the product's lifetimes (spec §9) and colours. */
export function ToasterView() {
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

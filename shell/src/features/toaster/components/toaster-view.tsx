import { useEffect, useRef } from 'react';
import { ToastBar, Toaster, useToasterStore, type Toast } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@devhub/shared/constants';
import { announce } from '../../a11y/announcer';

/** A toast's text, when it has one to say (a toast may render any element). */
function textOf(toast: Toast): string | null {
  if (typeof toast.message === 'string') return toast.message;
  return null;
}

/**
 * Says each toast in the shell's live regions, errors in the assertive one: a region created
 * with its toast, as react-hot-toast's own are, is often not read. Each raise is said once
 * (a toast raised again under the same id is a new raise).
 */
function useAnnouncedToasts(): void {
  const { toasts } = useToasterStore();
  const said = useRef(new Set<string>());
  useEffect(() => {
    for (const toast of toasts) {
      const raise = `${toast.id}@${toast.createdAt}`;
      const text = textOf(toast);
      if (!toast.visible || said.current.has(raise) || !text) continue;
      said.current.add(raise);
      announce(text, toast.type === 'error' ? 'assertive' : 'polite');
    }
  }, [toasts]);
}

const SILENT: Toast['ariaProps'] = { role: 'status', 'aria-live': 'off' };

/** react-hot-toast's toaster with the product's lifetimes (spec §9) and colours. */
export function ToasterView() {
  useAnnouncedToasts();
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
    >
      {/* The shell's live regions say the text (useAnnouncedToasts); the toast itself stays silent. */}
      {(toast) => <ToastBar toast={{ ...toast, ariaProps: SILENT }} />}
    </Toaster>
  );
}

import { createPortal } from 'react-dom';
import { useStore } from 'zustand';
import { resolveValue, ToastIcon, useToaster, type DefaultToastOptions, type Toast } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@devhub/shared/constants';
import { toastSlots } from '../../a11y/live-regions';
import styles from './toaster-view.module.css';

/** The product's lifetimes (spec §9). */
const TOAST_OPTIONS: DefaultToastOptions = {
  duration: TOAST_DURATION_MS.blank,
  success: { duration: TOAST_DURATION_MS.success },
  error: { duration: TOAST_DURATION_MS.error },
  loading: { duration: TOAST_DURATION_MS.loading },
  custom: { duration: TOAST_DURATION_MS.custom },
};

function ToastCard({ toast, onPause, onResume }: { toast: Toast; onPause: () => void; onResume: () => void }) {
  return (
    <div
      className={styles.toast}
      data-visible={toast.visible}
      data-type={toast.type}
      onMouseEnter={onPause}
      onMouseLeave={onResume}
    >
      <ToastIcon toast={toast} />
      <div className={styles.message}>{resolveValue(toast.message, toast)}</div>
    </div>
  );
}

/**
 * react-hot-toast's toasts (its store and timers, our markup), each rendered inside the shell's
 * live region of its politeness (errors assertive), which was on the page before the toast:
 * the toast's text is said as it appears, once, and exists in the page once.
 */
export function ToasterView() {
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  const slots = useStore(toastSlots);

  const card = (toast: Toast) => (
    <ToastCard key={toast.id} toast={toast} onPause={handlers.startPause} onResume={handlers.endPause} />
  );
  const shown = toasts.filter((toast) => toast.visible);
  return (
    <>
      {slots.polite && createPortal(shown.filter((toast) => toast.type !== 'error').map(card), slots.polite)}
      {slots.assertive && createPortal(shown.filter((toast) => toast.type === 'error').map(card), slots.assertive)}
    </>
  );
}

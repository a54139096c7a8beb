import { createStore } from 'zustand/vanilla';

/** Whether a toast is waiting to be shown: the toaster then mounts at once instead of after the first page. */
export const toastDemand = createStore<{ pending: boolean }>()(() => ({ pending: false }));

/**
 * Raises a toast from the shell. react-hot-toast is imported on first use, so it is not part of
 * what a visitor downloads before the first page shows (remotes that toast import it themselves).
 */
export function notify(kind: 'success' | 'error', message: string): Promise<void> {
  toastDemand.setState({ pending: true });
  return import('react-hot-toast').then(({ default: toast }) => {
    toast[kind](message);
  });
}

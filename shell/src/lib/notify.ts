/**
 * Raises a toast from the shell. react-hot-toast is imported on first use, so it is not part of
 * what a visitor downloads before the first page shows (remotes that toast import it themselves).
 */
export function notify(kind: 'success' | 'error', message: string): Promise<void> {
  return import('react-hot-toast').then(({ default: toast }) => {
    toast[kind](message);
  });
}

import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_SPINNER_MS } from '@devhub/shared/constants';

/**
 * Spec §4: once typing has stopped for 200 ms, a spinner shows for 700 ms. `inputCount`
 * counts the user's edits, so restoring the box from the URL never spins.
 */
export function useSearchSpinner(inputCount: number): boolean {
  const [spinning, setSpinning] = useState(false);
  useEffect(() => {
    if (inputCount === 0) return undefined;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const show = setTimeout(() => {
      setSpinning(true);
      hide = setTimeout(() => setSpinning(false), SEARCH_SPINNER_MS);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
      setSpinning(false);
    };
  }, [inputCount]);
  return spinning;
}

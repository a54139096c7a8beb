import { useEffect } from 'react';
import { CHROME_READY_MARK } from '../../lib/page-marks';

/** Marks the chrome ready once the tree that calls it has rendered or hydrated and its effects run. */
export function useChromeReadyMark(): void {
  useEffect(() => {
    if (performance.getEntriesByName(CHROME_READY_MARK).length === 0) performance.mark(CHROME_READY_MARK);
  }, []);
}

import { useEffect } from 'react';
import { CHROME_READY_MARK, markOnce } from '../../lib/page-marks';

/** Marks the chrome ready once the tree that calls it has rendered or hydrated and its effects run. */
export function useChromeReadyMark(): void {
  useEffect(() => markOnce(CHROME_READY_MARK), []);
}

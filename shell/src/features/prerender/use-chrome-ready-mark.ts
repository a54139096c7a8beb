import { useEffect } from 'react';
import { markOnce } from '@devhub/shared/remote-contract';
import { CHROME_READY_MARK } from '../../lib/page-marks';

/** Marks the chrome ready once the tree that calls it has rendered or hydrated and its effects run. */
export function useChromeReadyMark(): void {
  useEffect(() => markOnce(CHROME_READY_MARK), []);
}

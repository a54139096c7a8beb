import { createContext, useContext, useEffect } from 'react';
import { markContentReady } from '@devhub/shared/remote-contract';

/**
 * Where a page reports that its content is on screen. The shell provides it around each remote
 * page (its remote host hears it: the held clicks of a prerendered page and the work left for after
 * the first page wait for it); without the shell (a remote's standalone frame, the one-bundle
 * benchmark, a test) it only sets the page's content-ready mark, which the benchmark measures.
 */
export const ContentReadyContext = createContext<(id: string) => void>(markContentReady);

/**
 * Part of the contract: the component that shows a page's content (not its skeleton) calls this
 * with the page's module id ("account/CartPage"), rendered only once any data it waits for is in.
 */
export function useContentReady(id: string): void {
  const report = useContext(ContentReadyContext);
  useEffect(() => {
    report(id);
  }, [report, id]);
}

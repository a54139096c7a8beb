import { useContext, useEffect } from 'react';
import { RemoteHostContext } from './remote-host-context';

/**
 * For a route that shows no remote's content (the 404, an error panel, a page of the shell's own):
 * tells the host it came to rest once it is on screen, so work waiting for the first page need not
 * wait for a clock (first-page.ts). An error page must render whatever failed: without a host above
 * it, it tells no one.
 */
export function useRouteSettled(what: string): void {
  const firstPage = useContext(RemoteHostContext)?.firstPage;
  useEffect(() => firstPage?.routeSettled(what), [firstPage, what]);
}

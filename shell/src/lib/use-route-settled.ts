import { useEffect } from 'react';
import { markRouteSettled } from './after-first-page';

/** For a route that shows no remote's content (see markRouteSettled): marks it once it is on screen. */
export function useRouteSettled(what: string): void {
  useEffect(() => markRouteSettled(what), [what]);
}

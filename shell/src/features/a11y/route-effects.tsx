import { useRouteFocus } from './use-route-focus';
import { useRouteScroll } from './use-route-scroll';

/**
 * What a route change does beyond showing the page: where the view and focus go. Rendered
 * after the routes, so the new page's title is set when it is announced.
 */
export function RouteEffects() {
  useRouteScroll();
  useRouteFocus();
  return null;
}

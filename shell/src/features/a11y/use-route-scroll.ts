import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { savedPosition, savePosition } from './scroll-positions';

/** The key of a first visit's entry, shared by every such entry: never a place to come back to. */
const UNKEYED = 'default';

/**
 * The key positions are kept under. The entry a visit starts on has no key of its own (the
 * router calls it "default"), so it is given one in history.state, which the router reads as
 * the location's key when Back returns to it or the page is reloaded.
 */
function keyOf(routerKey: string): string {
  if (routerKey !== UNKEYED) return routerKey;
  const key = Math.random().toString(36).slice(2, 10);
  const state: unknown = window.history.state;
  window.history.replaceState({ ...(state && typeof state === 'object' ? state : {}), key }, '');
  return key;
}

/** How long a restored position waits for a page tall enough to reach it (a remote still loading). */
const RESTORE_PATIENCE_MS = 5000;

function scrollInstantly(y: number): void {
  window.scrollTo({ top: y, left: 0, behavior: 'instant' });
}

/**
 * Scrolls to `y` now, and again as the page grows, until it is reached, the user scrolls or
 * types, or the patience runs out. Returns a function that stops trying.
 */
function restore(y: number): () => void {
  scrollInstantly(y);
  if (Math.abs(window.scrollY - y) < 1 || typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(() => {
    scrollInstantly(y);
    if (Math.abs(window.scrollY - y) < 1) stop();
  });
  const userEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const timer = window.setTimeout(stop, RESTORE_PATIENCE_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of userEvents) window.removeEventListener(type, stop, true);
  }
  observer.observe(document.body);
  for (const type of userEvents) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}

/**
 * Scroll restoration for the declarative router (React Router's <ScrollRestoration> needs the
 * data router): a new page opens at the top, unless the address names a fragment; Back and
 * Forward, and a reload, come back to where that history entry was left. Positions are keyed
 * by the history entry (`location.key`) and kept in sessionStorage.
 */
export function useRouteScroll(): void {
  const location = useLocation();
  const lastY = useRef(0);
  /** The entry on screen: its key for positions, the router's key for it, its path. */
  const current = useRef<{ key: string; routerKey: string; pathname: string } | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    lastY.current = window.scrollY;
    // Read from scroll events, not at a route change: by then the new page may already have
    // shortened the document and clamped the position.
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    const onPageHide = () => {
      if (current.current) savePosition(current.current.key, lastY.current);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  useLayoutEffect(() => {
    const previous = current.current;
    if (previous?.routerKey === location.key) return undefined;
    if (previous) savePosition(previous.key, lastY.current);
    current.current = { key: keyOf(location.key), routerKey: location.key, pathname: location.pathname };
    if (location.hash) return undefined;

    // Only an entry shown before has a position: Back, Forward or a reload, never a new entry.
    const saved = location.key === UNKEYED ? undefined : savedPosition(location.key);
    if (saved !== undefined) return restore(saved);
    if (previous && previous.pathname !== location.pathname) {
      scrollInstantly(0);
      lastY.current = 0;
    }
    return undefined;
  }, [location.key, location.pathname, location.hash]);
}

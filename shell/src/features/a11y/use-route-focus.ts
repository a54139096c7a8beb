import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { announce } from './announcer';
import { MAIN_CONTENT_ID } from '../../lib/main-content-id';

/** How long a new page may take to show its heading before focus goes to `main` instead. */
const HEADING_PATIENCE_MS = 10_000;

const MAIN = `#${MAIN_CONTENT_ID}`;

/** Calls `onReady` with the page's `h1` once it is in `main` (a remote renders it when loaded), or with `main`. */
function whenHeadingReady(onReady: (target: HTMLElement | null) => void): () => void {
  const find = () => document.querySelector<HTMLElement>(`${MAIN} h1`);
  const now = find();
  if (now) {
    onReady(now);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const heading = find();
    if (!heading) return;
    stop();
    onReady(heading);
  });
  const timer = window.setTimeout(() => {
    stop();
    onReady(document.querySelector<HTMLElement>(MAIN));
  }, HEADING_PATIENCE_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** Focuses an element that is not a control without scrolling (a restored position stays). */
export function focusStatic(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * After a navigation the user made, focus moves to the new page's `h1` (once the remote has
 * rendered it) and the page's title is said in the polite live region, unless the user has
 * meanwhile put focus somewhere of their own. The first load, and the redirects it makes
 * before the user does anything, leave focus where the browser puts it. A navigation to the
 * same page moves focus only if it fell to `<body>` (the control that was used is gone).
 */
export function useRouteFocus(): void {
  const location = useLocation();
  const shown = useRef<{ key: string; pathname: string } | null>(null);
  const interacted = useRef(false);

  useEffect(() => {
    const onInput = () => {
      interacted.current = true;
    };
    // Back and Forward come from the user too, even from the browser's own buttons.
    const events = ['pointerdown', 'keydown', 'popstate'] as const;
    for (const type of events) window.addEventListener(type, onInput, true);
    return () => {
      for (const type of events) window.removeEventListener(type, onInput, true);
    };
  }, []);

  useEffect(() => {
    const previous = shown.current;
    if (previous?.key === location.key) return undefined;
    shown.current = { key: location.key, pathname: location.pathname };
    if (!previous || !interacted.current) return undefined;
    const from = document.activeElement;
    const fellToBody = !from || from === document.body;
    if (previous.pathname === location.pathname && !fellToBody) return undefined;
    return whenHeadingReady((target) => {
      const active = document.activeElement;
      const userMovedOn = active && active !== document.body && active !== from && active.isConnected;
      if (!target || userMovedOn) return;
      focusStatic(target);
      announce(document.title);
    });
  }, [location.key, location.pathname]);
}

import { useSyncExternalStore } from 'react';
import { visibleSlidesFor, type VisibleSlides } from '../lib/carousel';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function snapshot(): VisibleSlides {
  return visibleSlidesFor(window.innerWidth);
}

/**
 * How many carousel slides fit the current viewport, kept current while it is resized; `null`
 * on the server and while a prerendered page hydrates, where no viewport is known and the
 * stylesheet lays the slides out by width instead (so nothing moves once it is known).
 */
export function useVisibleSlides(): VisibleSlides | null {
  return useSyncExternalStore<VisibleSlides | null>(subscribe, snapshot, () => null);
}

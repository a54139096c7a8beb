import { useSyncExternalStore } from 'react';
import { visibleSlidesFor, type VisibleSlides } from '../lib/carousel';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function snapshot(): VisibleSlides {
  return visibleSlidesFor(window.innerWidth);
}

/** How many carousel slides fit the current viewport, kept current while it is resized. */
export function useVisibleSlides(): VisibleSlides {
  return useSyncExternalStore(subscribe, snapshot, () => 1);
}

import { CAROUSEL_BREAKPOINT_LARGE_PX, CAROUSEL_BREAKPOINT_MEDIUM_PX } from '@devhub/shared/constants';

export type VisibleSlides = 1 | 2 | 3;

/** 3 slides at 1024px and wider, 2 at 640px and wider, otherwise 1 (spec §2). */
export function visibleSlidesFor(viewportWidth: number): VisibleSlides {
  if (viewportWidth >= CAROUSEL_BREAKPOINT_LARGE_PX) return 3;
  if (viewportWidth >= CAROUSEL_BREAKPOINT_MEDIUM_PX) return 2;
  return 1;
}

/** Slide groups: the start index moves by the visible count, so 10 slides make 4 groups of 3, 5 of 2 or 10 of 1. */
export function groupCount(total: number, visible: number): number {
  return Math.max(1, Math.ceil(total / visible));
}

/**
 * Before the viewport is known, a dot is rendered for each slide, as the narrowest layout has one
 * for each; the stylesheet hides those past the group count at wider ones. The visible count from
 * which dot `group` is past it, if any.
 */
export function dotHiddenFrom(group: number, total: number): 2 | 3 | undefined {
  if (group >= groupCount(total, 2)) return 2;
  if (group >= groupCount(total, 3)) return 3;
  return undefined;
}

export function lastGroupStart(total: number, visible: number): number {
  return (groupCount(total, visible) - 1) * visible;
}

/** Next group; past the end returns to 0. */
export function nextStart(start: number, visible: number, total: number): number {
  const next = start + visible;
  return next >= total ? 0 : next;
}

/** Previous group; before 0 goes to the last group. */
export function previousStart(start: number, visible: number, total: number): number {
  const previous = start - visible;
  return previous < 0 ? lastGroupStart(total, visible) : previous;
}

/**
 * The group start holding `start` once the visible count has changed (a resize), so the slide
 * that led the old group stays on screen.
 */
export function alignStart(start: number, visible: number, total: number): number {
  const aligned = Math.floor(Math.max(0, start) / visible) * visible;
  return Math.min(aligned, lastGroupStart(total, visible));
}

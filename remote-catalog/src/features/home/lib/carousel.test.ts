import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAROUSEL_BREAKPOINT_LARGE_PX, CAROUSEL_BREAKPOINT_MEDIUM_PX } from '@devhub/shared/constants';
import { alignStart, groupCount, lastGroupStart, nextStart, previousStart, visibleSlidesFor } from './carousel';

describe('visibleSlidesFor', () => {
  it('shows 3 at 1024px and wider, 2 at 640px and wider, otherwise 1', () => {
    expect(visibleSlidesFor(390)).toBe(1);
    expect(visibleSlidesFor(639)).toBe(1);
    expect(visibleSlidesFor(640)).toBe(2);
    expect(visibleSlidesFor(800)).toBe(2);
    expect(visibleSlidesFor(1023)).toBe(2);
    expect(visibleSlidesFor(1024)).toBe(3);
    expect(visibleSlidesFor(1280)).toBe(3);
  });
});

describe("the carousel's stylesheet", () => {
  it('lays slides out before the viewport is known at the same breakpoints as the script', () => {
    const css = readFileSync(join(__dirname, '../components/featured-carousel.module.css'), 'utf8');
    const breakpoints = [...css.matchAll(/@media \(min-width: (\d+)px\)/g)].map((match) => Number(match[1]));
    expect(breakpoints).toEqual([CAROUSEL_BREAKPOINT_MEDIUM_PX, CAROUSEL_BREAKPOINT_LARGE_PX]);
  });
});

/** Every start the arrows reach from 0, in order, until they are back at 0. */
function cycle(step: (start: number) => number): number[] {
  const starts = [0];
  for (let start = step(0); start !== 0; start = step(start)) starts.push(start);
  return starts;
}

describe.each([
  [1, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 9],
  [2, [0, 2, 4, 6, 8], 8],
  [3, [0, 3, 6, 9], 9],
])('10 slides, %i visible', (visible, starts, last) => {
  it('moves the start index by the visible count, and past the end returns to 0', () => {
    expect(cycle((start) => nextStart(start, visible, 10))).toEqual(starts);
    expect(nextStart(last, visible, 10)).toBe(0);
  });

  it('goes from 0 back to the last slide group', () => {
    expect(previousStart(0, visible, 10)).toBe(last);
    expect(lastGroupStart(10, visible)).toBe(last);
    expect(cycle((start) => previousStart(start, visible, 10))).toEqual([0, ...[...starts].reverse().slice(0, -1)]);
  });

  it('has one dot per slide group', () => {
    expect(groupCount(10, visible)).toBe(starts.length);
  });
});

describe('alignStart', () => {
  it('keeps the leading slide on screen when the visible count changes', () => {
    expect(alignStart(9, 3, 10)).toBe(9);
    expect(alignStart(9, 2, 10)).toBe(8);
    expect(alignStart(7, 3, 10)).toBe(6);
    expect(alignStart(4, 1, 10)).toBe(4);
    expect(alignStart(3, 2, 10)).toBe(2);
  });

  it('stays within the groups there are', () => {
    expect(alignStart(15, 3, 10)).toBe(9);
    expect(alignStart(-2, 2, 10)).toBe(0);
    expect(alignStart(2, 3, 2)).toBe(0);
  });
});

import { clampPage, pageCountOf, paginate } from './paginate';

describe('paginate', () => {
  const items = Array.from({ length: 46 }, (_, index) => index + 1);

  it('cuts pages of the given size', () => {
    expect(paginate(items, 1, 20)).toEqual({ items: items.slice(0, 20), page: 1, pageCount: 3, total: 46 });
    expect(paginate(items, 3, 20).items).toEqual([41, 42, 43, 44, 45, 46]);
  });

  it('clamps a page outside the range', () => {
    expect(paginate(items, 99, 20).page).toBe(3);
    expect(paginate(items, 0, 20).page).toBe(1);
    expect(paginate(items, -4, 20).page).toBe(1);
  });

  it('has one empty page for no items', () => {
    expect(paginate([], 5, 20)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});

describe('pageCountOf / clampPage', () => {
  it('rounds up and never goes below one page', () => {
    expect(pageCountOf(40, 20)).toBe(2);
    expect(pageCountOf(41, 20)).toBe(3);
    expect(pageCountOf(0, 20)).toBe(1);
  });

  it('treats NaN as page 1', () => {
    expect(clampPage(Number.NaN, 4)).toBe(1);
    expect(clampPage(2.7, 4)).toBe(2);
  });
});

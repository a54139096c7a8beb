import { formatCount, formatDownloads, formatViews } from './format-count';

describe('number formatting', () => {
  it('groups thousands the Vietnamese way', () => {
    expect(formatCount(1234)).toBe('1.234');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(0)).toBe('0');
  });

  it('writes downloads as "1.234 lượt tải"', () => {
    expect(formatDownloads(1234)).toBe('1.234 lượt tải');
    expect(formatDownloads(805)).toBe('805 lượt tải');
    expect(formatDownloads(3050)).toBe('3.050 lượt tải');
  });

  it('writes views as "4.321 lượt xem"', () => {
    expect(formatViews(4321)).toBe('4.321 lượt xem');
  });
});

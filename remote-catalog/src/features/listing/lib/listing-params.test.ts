import { listingHref, parseListingParams, parsePageParam, toListingSearch, type ListingParams } from './listing-params';

const parse = (search: string, kind: Parameters<typeof parseListingParams>[1] = 'course') =>
  parseListingParams(new URLSearchParams(search), kind);

describe('parseListingParams', () => {
  it('reads q, repeatable tag, sort and page', () => {
    expect(parse('q=lap+trinh&tag=React&tag=C%23&sort=views&page=3')).toEqual({
      query: 'lap trinh',
      tags: ['React', 'C#'],
      sort: 'views',
      page: 3,
    });
  });

  it('defaults to no query, no tags, the listing default sort and page 1', () => {
    expect(parse('', 'course')).toEqual({ query: '', tags: [], sort: 'latest', page: 1 });
    expect(parse('', 'docs').sort).toBe('views');
    expect(parse('', 'software').sort).toBe('latest');
    expect(parse('', 'blog').sort).toBe('latest');
  });

  it('ignores a sort the listing does not offer', () => {
    expect(parse('sort=views', 'software').sort).toBe('latest');
    expect(parse('sort=latest', 'docs').sort).toBe('views');
    expect(parse('sort=downloads', 'blog').sort).toBe('latest');
    expect(parse('sort=nonsense', 'course').sort).toBe('latest');
  });

  it('drops empty and repeated tags', () => {
    expect(parse('tag=&tag=Go&tag=Go').tags).toEqual(['Go']);
  });
});

describe('parsePageParam', () => {
  it.each([
    ['2', 2],
    ['17', 17],
    [' 4 ', 4],
    ['1', 1],
    ['0', 1],
    ['-3', 1],
  ])('reads "%s" as page %i', (raw, page) => {
    expect(parsePageParam(raw)).toBe(page);
  });

  it.each(['abc', '2x', '1.5', '', '+2', '1e3'])('reads garbage "%s" as page 1', (raw) => {
    expect(parsePageParam(raw)).toBe(1);
  });

  it('reads a missing page as page 1 and caps absurd numbers', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('99999999999999999999999')).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('URL ⇄ state', () => {
  const states: Array<[ListingParams, Parameters<typeof toListingSearch>[1]]> = [
    [{ query: 'lập trình', tags: ['React', 'Người mới bắt đầu', 'C#', 'CI/CD'], sort: 'downloads', page: 4 }, 'course'],
    [{ query: '', tags: [], sort: 'views', page: 1 }, 'docs'],
    [{ query: 'a&b=c', tags: ['x y'], sort: 'latest', page: 2 }, 'blog'],
    [{ query: '', tags: ['Docker'], sort: 'downloads', page: 1 }, 'software'],
  ];

  it.each(states)('round-trips %j', (state, kind) => {
    const url = toListingSearch(state, kind).toString();
    expect(parseListingParams(new URLSearchParams(url), kind)).toEqual(state);
  });

  it('leaves defaults out of the URL', () => {
    expect(toListingSearch({ query: '  ', tags: [], sort: 'latest', page: 1 }, 'course').toString()).toBe('');
    expect(toListingSearch({ query: '', tags: [], sort: 'views', page: 1 }, 'docs').toString()).toBe('');
    expect(toListingSearch({ query: '', tags: [], sort: 'views', page: 1 }, 'course').toString()).toBe('sort=views');
  });

  it('writes the parameters in a stable order', () => {
    expect(
      toListingSearch({ query: ' go ', tags: ['A', 'B'], sort: 'downloads', page: 2 }, 'software').toString(),
    ).toBe('q=go&tag=A&tag=B&sort=downloads&page=2');
  });
});

describe('listingHref', () => {
  it('links to a listing with a search and tags', () => {
    expect(listingHref('course')).toBe('/courses');
    expect(listingHref('software', { tags: ['VS Code'] })).toBe('/software?tag=VS+Code');
    expect(listingHref('docs', { query: 'lap trinh', tags: ['C#'] })).toBe('/docs?q=lap+trinh&tag=C%23');
  });
});

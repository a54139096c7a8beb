import {
  OVERRIDE_LIFETIME_MS,
  OVERRIDE_STORAGE_KEY,
  collectOverrides,
  confirmOverride,
  parseOverrides,
  readStoredOverrides,
  storeOverrides,
} from './overrides';

const NAMES = ['catalog', 'auth', 'account'] as const;
const ALLOWED = ['http://localhost:3001', 'https://cdn.example'];

describe('per-browser overrides', () => {
  it('accepts a known remote pointed at an allow-listed origin', () => {
    expect(
      parseOverrides(['catalog@https://cdn.example/remote-catalog/1.1.0/mf-manifest.json'], NAMES, ALLOWED),
    ).toEqual({
      accepted: { catalog: 'https://cdn.example/remote-catalog/1.1.0/mf-manifest.json' },
      refused: [],
    });
  });

  it.each([
    [
      'catalog@https://evil.example/mf-manifest.json',
      'catalog',
      'nguồn không nằm trong danh sách cho phép của remotes.json',
    ],
    [
      'billing@http://localhost:3001/mf-manifest.json',
      'mf-override',
      'không phải remote đã biết (catalog, auth, account)',
    ],
    ['<img src=x>@http://localhost:3001/x', 'mf-override', 'không phải remote đã biết (catalog, auth, account)'],
    ['auth@javascript:alert(1)', 'auth', 'không phải URL http(s) hợp lệ'],
    ['auth@not a url', 'auth', 'không phải URL http(s) hợp lệ'],
  ])('refuses %s naming the remote only, never echoing the text given', (given, value, reason) => {
    expect(parseOverrides([given], NAMES, ALLOWED)).toEqual({ accepted: {}, refused: [{ value, reason }] });
  });

  it('lets the last value for a remote win', () => {
    const { accepted } = parseOverrides(
      ['auth@http://localhost:3001/a.json', 'auth@http://localhost:3001/b.json'],
      NAMES,
      ALLOWED,
    );
    expect(accepted).toEqual({ auth: 'http://localhost:3001/b.json' });
  });

  it('keeps an override only once it loaded, for a day; re-checks stored ones, and the URL wins', () => {
    const now = Date.now();
    localStorage.setItem(
      OVERRIDE_STORAGE_KEY,
      JSON.stringify({
        account: { url: 'https://old.example/mf-manifest.json', until: now + 1000 },
        catalog: { url: 'http://localhost:3001/old.json', until: now + 1000 },
        auth: 'http://localhost:3001/no-expiry.json',
      }),
    );
    const result = collectOverrides(
      '?mf-override=catalog%40http%3A%2F%2Flocalhost%3A3001%2Fnew.json&q=x',
      NAMES,
      ALLOWED,
    );
    expect(result.accepted).toEqual({ catalog: 'http://localhost:3001/new.json' });
    expect(result.refused).toEqual([{ value: 'account', reason: expect.any(String) }]);
    expect(result.fromUrl).toBe(true);
    // Not stored before it has loaded once.
    expect(readStoredOverrides()).toEqual([]);

    confirmOverride('catalog', 'http://localhost:3001/new.json', now);
    expect(readStoredOverrides(now)).toEqual(['catalog@http://localhost:3001/new.json']);
    expect(readStoredOverrides(now + OVERRIDE_LIFETIME_MS - 1)).toHaveLength(1);
    expect(readStoredOverrides(now + OVERRIDE_LIFETIME_MS)).toEqual([]);
  });

  it('ignores a corrupt stored value and clears storage when nothing is left', () => {
    localStorage.setItem(OVERRIDE_STORAGE_KEY, '{not json');
    expect(readStoredOverrides()).toEqual([]);
    storeOverrides({});
    expect(localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });
});

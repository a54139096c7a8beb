import {
  OVERRIDE_STORAGE_KEY,
  collectOverrides,
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
      'nguồn https://evil.example không nằm trong danh sách cho phép của remotes.json',
    ],
    ['billing@http://localhost:3001/mf-manifest.json', '"billing" không phải remote đã biết (catalog, auth, account)'],
    [
      'http://localhost:3001/mf-manifest.json',
      '"http://localhost:3001/mf-manifest.json" không phải remote đã biết (catalog, auth, account)',
    ],
    ['auth@javascript:alert(1)', '"javascript:alert(1)" không phải URL http(s) hợp lệ'],
    ['auth@not a url', '"not a url" không phải URL http(s) hợp lệ'],
  ])('refuses %s with a Vietnamese reason', (value, reason) => {
    expect(parseOverrides([value], NAMES, ALLOWED)).toEqual({ accepted: {}, refused: [{ value, reason }] });
  });

  it('lets the last value for a remote win', () => {
    const { accepted } = parseOverrides(
      ['auth@http://localhost:3001/a.json', 'auth@http://localhost:3001/b.json'],
      NAMES,
      ALLOWED,
    );
    expect(accepted).toEqual({ auth: 'http://localhost:3001/b.json' });
  });

  it('remembers accepted overrides, re-checks stored ones, and the URL wins', () => {
    localStorage.setItem(
      OVERRIDE_STORAGE_KEY,
      JSON.stringify({ account: 'https://old.example/mf-manifest.json', catalog: 'http://localhost:3001/old.json' }),
    );
    const result = collectOverrides(
      '?mf-override=catalog%40http%3A%2F%2Flocalhost%3A3001%2Fnew.json&q=x',
      NAMES,
      ALLOWED,
    );
    expect(result.accepted).toEqual({ catalog: 'http://localhost:3001/new.json' });
    expect(result.refused.map((refusal) => refusal.value)).toEqual(['account@https://old.example/mf-manifest.json']);
    expect(result.fromUrl).toBe(true);
    expect(readStoredOverrides()).toEqual(['catalog@http://localhost:3001/new.json']);
  });

  it('ignores a corrupt stored value and clears storage when nothing is left', () => {
    localStorage.setItem(OVERRIDE_STORAGE_KEY, '{not json');
    expect(readStoredOverrides()).toEqual([]);
    storeOverrides({});
    expect(localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });
});

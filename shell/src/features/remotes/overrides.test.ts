import type { OverridePolicy } from './override-origins';
import { OVERRIDE_STORAGE_KEY, PROPOSAL_STORAGE_KEY } from './override-presence';
import { OVERRIDE_LIFETIME_MS, PROPOSAL_LIFETIME_MS } from './override-store';
import {
  collectOverrides,
  confirmProposal,
  discardProposal,
  parseOverrides,
  readProposals,
  readStoredOverrides,
  storeOverrides,
} from './overrides';

const NAMES = ['catalog', 'auth', 'account'] as const;
const LOCAL: OverridePolicy = {
  allowedOrigins: ['http://localhost:3001', 'https://cdn.example'],
  environment: 'local',
};
const NEW = 'http://localhost:3001/new.json';
const linkTo = (value: string) => `?mf-override=${encodeURIComponent(value)}&q=x`;

describe('per-browser overrides', () => {
  it('accepts a known remote pointed at an allow-listed origin', () => {
    expect(parseOverrides(['catalog@https://cdn.example/remote-catalog/1.1.0/mf-manifest.json'], NAMES, LOCAL)).toEqual(
      {
        accepted: { catalog: 'https://cdn.example/remote-catalog/1.1.0/mf-manifest.json' },
        refused: [],
      },
    );
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
    expect(parseOverrides([given], NAMES, LOCAL)).toEqual({ accepted: {}, refused: [{ value, reason }] });
  });

  it('accepts one for a remote the registry names and this shell was built without', () => {
    expect(parseOverrides(['forum@http://localhost:3001/forum.json'], [...NAMES, 'forum'], LOCAL)).toEqual({
      accepted: { forum: 'http://localhost:3001/forum.json' },
      refused: [],
    });
  });

  it('lets the last value for a remote win', () => {
    const { accepted } = parseOverrides(
      ['auth@http://localhost:3001/a.json', 'auth@http://localhost:3001/b.json'],
      NAMES,
      LOCAL,
    );
    expect(accepted).toEqual({ auth: 'http://localhost:3001/b.json' });
  });

  describe('outside the local environment', () => {
    const origins = [
      'http://cdn.example',
      'https://localhost:3001',
      'https://dev.localhost',
      'https://127.0.0.1:3001',
      'https://127.8.9.10',
      'https://[::1]:3001',
      'https://0.0.0.0',
      'https://[::ffff:7f00:1]',
    ];
    const PREVIEW: OverridePolicy = { allowedOrigins: [...origins, 'https://cdn.example'], environment: 'preview' };

    it.each(origins)('refuses %s even though the registry allows it', (origin) => {
      expect(parseOverrides([`auth@${origin}/mf-manifest.json`], NAMES, PREVIEW)).toEqual({
        accepted: {},
        refused: [
          {
            value: 'auth',
            reason:
              'nguồn http: hoặc trỏ về chính máy này (localhost) chỉ được dùng trong môi trường local, không phải "preview"',
          },
        ],
      });
      expect(parseOverrides([`auth@${origin}/mf-manifest.json`], NAMES, { ...PREVIEW, environment: 'local' })).toEqual({
        accepted: { auth: `${origin}/mf-manifest.json` },
        refused: [],
      });
    });

    it('accepts an allow-listed https origin elsewhere', () => {
      expect(parseOverrides(['auth@https://cdn.example/a.json'], NAMES, PREVIEW).accepted).toEqual({
        auth: 'https://cdn.example/a.json',
      });
    });

    it('forgets a confirmed override the environment no longer allows', () => {
      const now = Date.now();
      localStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ auth: { url: NEW, until: now + 1000 } }));
      const result = collectOverrides('', NAMES, { ...LOCAL, environment: 'production' }, now);
      expect(result.accepted).toEqual({});
      expect(result.refused).toEqual([{ value: 'auth', reason: expect.stringContaining('môi trường local') }]);
      expect(localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
    });
  });

  describe('a link', () => {
    it('only proposes: nothing applies until the visitor confirms, then it applies for a day', () => {
      const now = Date.now();
      const first = collectOverrides(linkTo(`catalog@${NEW}`), NAMES, LOCAL, now);
      expect(first).toEqual({ accepted: {}, proposed: { catalog: NEW }, refused: [], fromUrl: true });
      expect(readStoredOverrides(now)).toEqual([]);
      // Still only proposed on the next load, the address clean.
      expect(collectOverrides('', NAMES, LOCAL, now + 1000)).toMatchObject({
        accepted: {},
        proposed: { catalog: NEW },
      });

      expect(confirmProposal('catalog', NEW, now + 2000)).toBe(true);
      expect(readProposals(now + 2000)).toEqual([]);
      expect(collectOverrides('', NAMES, LOCAL, now + 3000)).toMatchObject({
        accepted: { catalog: NEW },
        proposed: {},
      });
      expect(readStoredOverrides(now + 2000 + OVERRIDE_LIFETIME_MS - 1)).toHaveLength(1);
      expect(readStoredOverrides(now + 2000 + OVERRIDE_LIFETIME_MS)).toEqual([]);
    });

    it('confirms only the URL the visitor was shown', () => {
      collectOverrides(linkTo(`catalog@${NEW}`), NAMES, LOCAL);
      expect(confirmProposal('catalog', 'http://localhost:3001/other.json')).toBe(false);
      expect(confirmProposal('auth', NEW)).toBe(false);
      expect(readStoredOverrides()).toEqual([]);
      expect(readProposals()).toEqual([`catalog@${NEW}`]);
    });

    it('is forgotten once discarded, or after an hour unanswered', () => {
      const now = Date.now();
      collectOverrides(linkTo(`catalog@${NEW}`), NAMES, LOCAL, now);
      collectOverrides(linkTo('auth@https://cdn.example/a.json'), NAMES, LOCAL, now);
      expect(readProposals(now)).toEqual([`catalog@${NEW}`, 'auth@https://cdn.example/a.json']);
      discardProposal('auth', now);
      expect(readProposals(now)).toEqual([`catalog@${NEW}`]);
      expect(readProposals(now + PROPOSAL_LIFETIME_MS)).toEqual([]);
      expect(readStoredOverrides(now)).toEqual([]);
    });

    it('proposes nothing already confirmed, and refuses what the registry does not allow', () => {
      const now = Date.now();
      localStorage.setItem(
        OVERRIDE_STORAGE_KEY,
        JSON.stringify({
          catalog: { url: NEW, until: now + 1000 },
          account: { url: 'https://old.example/m.json', until: now + 1000 },
        }),
      );
      const result = collectOverrides(
        `${linkTo(`catalog@${NEW}`)}&mf-override=${encodeURIComponent('auth@https://evil.example/x.json')}`,
        NAMES,
        LOCAL,
        now,
      );
      expect(result.accepted).toEqual({ catalog: NEW });
      expect(result.proposed).toEqual({});
      expect(result.refused).toEqual([
        { value: 'account', reason: 'nguồn không nằm trong danh sách cho phép của remotes.json' },
        { value: 'auth', reason: 'nguồn không nằm trong danh sách cho phép của remotes.json' },
      ]);
      expect(readStoredOverrides(now)).toEqual([`catalog@${NEW}`]);
    });
  });

  describe('what is stored', () => {
    it('never lasts more than a day from now: a far-future expiry is brought back, and stays so', () => {
      const now = Date.now();
      localStorage.setItem(
        OVERRIDE_STORAGE_KEY,
        JSON.stringify({ catalog: { url: NEW, until: now + 365 * OVERRIDE_LIFETIME_MS } }),
      );
      expect(readStoredOverrides(now)).toEqual([`catalog@${NEW}`]);
      // Read again later, it is not renewed: it ends a day after it was first read.
      expect(readStoredOverrides(now + OVERRIDE_LIFETIME_MS - 1)).toHaveLength(1);
      expect(readStoredOverrides(now + OVERRIDE_LIFETIME_MS)).toEqual([]);
    });

    it('caps a proposal the same way, at an hour', () => {
      const now = Date.now();
      localStorage.setItem(PROPOSAL_STORAGE_KEY, JSON.stringify({ catalog: { url: NEW, until: now * 2 } }));
      expect(readProposals(now)).toHaveLength(1);
      expect(readProposals(now + PROPOSAL_LIFETIME_MS)).toEqual([]);
    });

    it.each([
      ['without an expiry', NEW],
      ['with a text expiry', { url: NEW, until: '9999999999999' }],
      ['with an infinite expiry', '1e400'],
      ['without a URL', { until: 1 }],
      ['null', null],
    ])('drops an entry %s', (_, entry) => {
      const now = Date.now();
      const text =
        entry === '1e400'
          ? `{"catalog":{"url":"${NEW}","until":1e400}}`
          : JSON.stringify({ catalog: entry, auth: { url: NEW, until: now + 1000 } });
      localStorage.setItem(OVERRIDE_STORAGE_KEY, text);
      expect(readStoredOverrides(now)).toEqual(entry === '1e400' ? [] : [`auth@${NEW}`]);
    });

    it('ignores a corrupt stored value and clears storage when nothing is left', () => {
      localStorage.setItem(OVERRIDE_STORAGE_KEY, '{not json');
      expect(readStoredOverrides()).toEqual([]);
      expect(localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
      localStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ auth: { url: NEW, until: Date.now() + 1000 } }));
      storeOverrides({});
      expect(localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
    });
  });
});

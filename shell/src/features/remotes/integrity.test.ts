import { createTrust } from './integrity';

const digest = (c: string) => `sha384-${c.repeat(64)}`;
const BASE = 'https://cdn.example/remote-catalog/1.2.0/';

type Hook = (args: { url: string; attrs?: Record<string, unknown> }) => unknown;

describe("a verified remote's files", () => {
  function trusting() {
    const trust = createTrust();
    trust.trustRemote('catalog', { 'remoteEntry.js': digest('e'), 'a/page.css': digest('s') }, BASE);
    return trust;
  }

  it('load with the digest its manifest lists, CORS-mode, through the runtime hooks', () => {
    const plugin = trusting().plugin();
    const script = (plugin.createScript as Hook)({ url: `${BASE}remoteEntry.js`, attrs: { 'data-x': '1' } });
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script).toMatchObject({ integrity: digest('e'), crossOrigin: 'anonymous', src: `${BASE}remoteEntry.js` });
    expect((script as HTMLScriptElement).getAttribute('data-x')).toBe('1');
    const link = (plugin.createLink as Hook)({ url: `${BASE}a/page.css`, attrs: { rel: 'stylesheet' } });
    expect(link).toMatchObject({ integrity: digest('s'), crossOrigin: 'anonymous', rel: 'stylesheet' });
  });

  it('never load when unlisted under its folder; anything else is left to the runtime', () => {
    const trust = trusting();
    expect(trust.integrityFor(`${BASE}injected.js`)).toMatch(/^sha384-A{64}$/);
    expect((trust.plugin().createScript as Hook)({ url: 'https://other.example/x.js' })).toBeUndefined();
    trust.distrustRemote('catalog');
    expect(trust.integrityFor(`${BASE}remoteEntry.js`)).toBeUndefined();
  });

  it('are trusted by the host that verified them only', () => {
    trusting();
    expect(createTrust().integrityFor(`${BASE}remoteEntry.js`)).toBeUndefined();
  });
});

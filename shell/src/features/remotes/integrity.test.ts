import { createTrust } from './integrity';

const digest = (c: string) => `sha384-${c.repeat(64)}`;
const BASE = 'https://cdn.example/remote-catalog/1.2.0/';

describe("a verified remote's files", () => {
  function trusting() {
    const trust = createTrust();
    trust.trustRemote('catalog', { 'remoteEntry.js': digest('e'), 'a/page.css': digest('s') }, BASE);
    return trust;
  }

  it('must load with the digest its manifest lists; unlisted under its folder, with one nothing has', () => {
    const trust = trusting();
    expect(trust.integrityFor(`${BASE}remoteEntry.js`)).toBe(digest('e'));
    expect(trust.integrityFor(`${BASE}injected.js`)).toMatch(/^sha384-A{64}$/);
    expect(trust.integrityFor('https://other.example/x.js')).toBeUndefined();
    trust.distrustRemote('catalog');
    expect(trust.integrityFor(`${BASE}remoteEntry.js`)).toBeUndefined();
  });

  it('are trusted by the host that verified them only', () => {
    trusting();
    expect(createTrust().integrityFor(`${BASE}remoteEntry.js`)).toBeUndefined();
  });
});

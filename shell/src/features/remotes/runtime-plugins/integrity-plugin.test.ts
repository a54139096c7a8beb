import { createInstance } from '@module-federation/enhanced/runtime';
import { createTrust } from '../integrity';
import { integrityPlugin } from './integrity-plugin';

const digest = (c: string) => `sha384-${c.repeat(64)}`;
const BASE = 'https://cdn.example/remote-fixture/1.2.0/';

/** A remote the runtime loads by script: its entry answers once the script is in the page. */
function answerEntryScripts(globalName: string) {
  const scripts: HTMLScriptElement[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLScriptElement) || !node.src.startsWith(BASE)) continue;
        scripts.push(node);
        (window as unknown as Record<string, unknown>)[globalName] = {
          init: () => undefined,
          get: async () => () => ({ Page: 'page' }),
        };
        node.dispatchEvent(new Event('load'));
      }
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return { scripts, stop: () => observer.disconnect() };
}

describe('the integrity plugin', () => {
  it("loads a verified remote's entry through the runtime with the digest its manifest lists, CORS-mode", async () => {
    const trust = createTrust();
    trust.trustRemote('fixture', { 'remoteEntry.js': digest('e') }, BASE);
    const federation = createInstance({ name: 'integrity-test', remotes: [], plugins: [integrityPlugin(trust)] });
    federation.registerRemotes([
      { name: 'fixture', entry: `${BASE}remoteEntry.js`, type: 'global', entryGlobalName: 'fixture_verified' },
    ]);
    const entries = answerEntryScripts('fixture_verified');
    try {
      await expect(federation.loadRemote('fixture/Page')).resolves.toEqual({ Page: 'page' });
    } finally {
      entries.stop();
    }
    expect(entries.scripts).toHaveLength(1);
    expect(entries.scripts[0]).toMatchObject({ integrity: digest('e'), crossOrigin: 'anonymous' });
  });

  it('gives a stylesheet its digest, an unlisted file under the folder one nothing has, and leaves anything else to the runtime', () => {
    const trust = createTrust();
    trust.trustRemote('fixture', { 'a/page.css': digest('s') }, BASE);
    const plugin = integrityPlugin(trust);
    type Hook = (args: { url: string; attrs?: Record<string, unknown> }) => unknown;
    const link = (plugin.createLink as Hook)({ url: `${BASE}a/page.css`, attrs: { rel: 'stylesheet' } });
    expect(link).toMatchObject({ integrity: digest('s'), crossOrigin: 'anonymous', rel: 'stylesheet' });
    expect((plugin.createScript as Hook)({ url: `${BASE}injected.js` })).toMatchObject({
      integrity: expect.stringMatching(/^sha384-A{64}$/),
    });
    expect((plugin.createScript as Hook)({ url: 'https://other.example/x.js' })).toBeUndefined();
    trust.distrustRemote('fixture');
    expect((plugin.createScript as Hook)({ url: `${BASE}injected.js` })).toBeUndefined();
  });
});

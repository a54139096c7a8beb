import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rendererBeside, trustedScripts } from './static-server-trusted-scripts.mjs';

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const TEMPLATE = [
  '<!doctype html><html><head>',
  '<script type="application/json" id="devhub-boot">{"compatibility":{"shell":1}}</script>',
  '<script>theme()</script>',
  '<script defer src="/main.1a2b3c4d.js" integrity="sha384-abc"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('');

/**
 * A shell renderer standing in for shell/dist-server/server.cjs, writing a page as document.ts
 * does: the bundle's tag taken out, a JSON record in the head, the page and its starter in #root.
 * The starter names the storage credentials it can see: none, in the sandbox it runs in.
 */
const FAKE_RENDERER = `
exports.prerender = async (input) => {
  const seen = process.env.AZURE_STORAGE_CONNECTION_STRING || 'nothing';
  const html = input.template
    .replace(/<script defer src[^>]*><\\/script>/, '')
    .replace('{"compatibility":{"shell":1}}', '{"compatibility":{"shell":1},"prerender":{"route":"/"}}')
    .replace('<div id="root"></div>', '<div id="root"><p>page</p></div><script>start(' + JSON.stringify(seen) + ')</script>');
  return input.routes.map((route) => ({ route, html }));
};`;

describe("a build's own scripts", () => {
  let dir;
  let template;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'trusted-scripts-'));
    mkdirSync(join(dir, 'dist'));
    mkdirSync(join(dir, 'dist-server'));
    template = join(dir, 'dist', 'index.html');
    writeFileSync(template, TEMPLATE);
    writeFileSync(rendererBeside(template), FAKE_RENDERER);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("are its page's inline scripts and bundle, and the starter its renderer writes into a prerendered page, no data block", async () => {
    const previous = process.env.AZURE_STORAGE_CONNECTION_STRING;
    process.env.AZURE_STORAGE_CONNECTION_STRING = 'AccountKey=secret';
    try {
      const scripts = trustedScripts({ template, renderer: rendererBeside(template) });
      const { sources, prerendered } = await scripts();
      expect(prerendered).toBe(true);
      expect(sources.sort()).toEqual([sha256('theme()'), "'sha384-abc'", sha256('start("nothing")')].sort());
    } finally {
      if (previous === undefined) delete process.env.AZURE_STORAGE_CONNECTION_STRING;
      else process.env.AZURE_STORAGE_CONNECTION_STRING = previous;
    }
  });

  it("are the page's alone for a build without a renderer, and read again when the build changes", async () => {
    const scripts = trustedScripts({ template });
    expect(await scripts()).toMatchObject({ sources: [sha256('theme()'), "'sha384-abc'"], prerendered: false });
    writeFileSync(template, '<!doctype html><script>rebuilt()</script>');
    utimesSync(template, new Date(), new Date(Date.now() + 5_000));
    expect((await scripts()).sources).toEqual([sha256('rebuilt()')]);
  });

  it('are none without a build', async () => {
    expect(await trustedScripts({})()).toMatchObject({ sources: [], prerendered: false });
  });
});

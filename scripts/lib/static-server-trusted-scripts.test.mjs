import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trustedScripts } from './static-server-trusted-scripts.mjs';

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const TEMPLATE = [
  '<!doctype html><html><head>',
  '<script type="application/json" id="devhub-boot">{"compatibility":{"shell":1}}</script>',
  '<script>theme()</script>',
  '<script defer src="/main.1a2b3c4d.js" integrity="sha384-abc"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('');

describe("a build's own scripts", () => {
  let dir;
  let template;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'trusted-scripts-'));
    template = join(dir, 'index.html');
    writeFileSync(template, TEMPLATE);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("are its page's inline scripts and bundle, no data block, read again when the build changes", async () => {
    const scripts = trustedScripts({ template });
    expect((await scripts()).sources).toEqual([sha256('theme()'), "'sha384-abc'"]);
    writeFileSync(template, '<!doctype html><script>rebuilt()</script>');
    utimesSync(template, new Date(), new Date(Date.now() + 5_000));
    expect((await scripts()).sources).toEqual([sha256('rebuilt()')]);
  });

  it('are none without a build', async () => {
    expect((await trustedScripts({})()).sources).toEqual([]);
  });
});

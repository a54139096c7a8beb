import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, MONO_CONFIG } from './lib/build.mjs';

// `npm run bench` compares against this build: when it stops building, the benchmark has no
// baseline (it did once, when a federation-only plugin was left in the config and threw).
describe("the benchmark's one-bundle baseline", () => {
  let out;
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'devhub-mono-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('builds, as a page whose scripts are there and that loads no remote', async () => {
    await build('shell', ['-c', MONO_CONFIG, '-o', out]);
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    const scripts = [...page.matchAll(/<script[^>]*\bsrc="\/?([^"]+)"/g)].map(([, src]) => src);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(existsSync(join(out, script))).toBe(true);
    // The shell's loader, swapped out, takes the federation runtime with it: the page's scripts carry none.
    for (const script of scripts) expect(readFileSync(join(out, script), 'utf8')).not.toContain('Federation Runtime');
    // Every template parameter filled in, and nothing of federation left in.
    expect(page).not.toContain('<%');
    expect(existsSync(join(out, 'remoteEntry.js'))).toBe(false);
  });
});

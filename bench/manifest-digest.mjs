// @ts-check
// `node bench/manifest-digest.mjs [manifest]`: what checking a pinned manifest costs, the work the
// shell does before it parses one (scripts/lib/integrity.mjs, shell/src/features/remotes/manifests.ts):
// WebCrypto's sha384 over its bytes, encoded as an `integrity` value and compared with the pin.
// Prints the median of many checks of a published manifest (with its digests) in milliseconds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runCli, parseCli } from '../scripts/lib/cli.mjs';
import { sealVersion } from '../scripts/lib/integrity.mjs';

const USAGE = `usage: node bench/manifest-digest.mjs [<version folder>]
  <version folder>  a published version (default: a sealed copy of remote-catalog/dist)
  -h, --help        this help`;

/** @param {Uint8Array} bytes */
async function check(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  return `sha384-${Buffer.from(digest).toString('base64')}`;
}

runCli('manifest-digest', async () => {
  const { positionals } = parseCli({ usage: USAGE, allowPositionals: true, options: {} });
  const { cpSync, mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  let folder = positionals[0];
  let temporary;
  if (!folder) {
    temporary = mkdtempSync(join(tmpdir(), 'manifest-digest-'));
    cpSync(join(import.meta.dirname, '..', 'remote-catalog', 'dist'), temporary, { recursive: true });
    sealVersion(temporary);
    folder = temporary;
  }
  try {
    const bytes = new Uint8Array(readFileSync(join(folder, 'mf-manifest.json')));
    const pinned = await check(bytes);
    const times = [];
    for (let run = 0; run < 2000; run += 1) {
      const started = performance.now();
      if ((await check(bytes)) !== pinned) throw new Error('digest changed between runs');
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (/** @type {number} */ q) => times[Math.floor(q * (times.length - 1))]?.toFixed(3);
    console.log(`manifest: ${bytes.length} bytes; check: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
});

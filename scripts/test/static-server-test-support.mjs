// What the static server's tests share: a served folder with a page, a hashed script and its
// compressed copies, a big file and secrets; a raw HTTP/1.1 request; a poll with a hang budget.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePrecompressed } from '../../rspack/precompress.mjs';

export const BIG = 'big.1a2b3c4d.bin';

/** Polls `check` until it holds (the only deadline these tests know), then returns its last value. */
export async function eventually(check, deadlineMs = 5_000) {
  const deadline = Date.now() + deadlineMs;
  let last = await check();
  while (!last.ok && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await check();
  }
  return last;
}

export const openFds = () => readdirSync('/proc/self/fd').length;

/** A CSP hash source of a script's text. */
export const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A served folder: a page with an inline script, a hashed script (and its compressed copies), a big file, secrets. */
export async function makeRoot(prefix) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const outside = mkdtempSync(join(tmpdir(), `${prefix}outside-`));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title><script>theme()</script>');
  // A page the build did not make: its script is not the build's, so it never runs.
  writeFileSync(join(root, 'dropped.html'), '<!doctype html><title>dropped</title><script>steal()</script>');
  writeFileSync(join(root, 'avatar.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>steal()</script></svg>');
  writeFileSync(join(root, 'main.1a2b3c4d.js'), 'console.log("x");'.repeat(200));
  await writePrecompressed(join(root, 'main.1a2b3c4d.js'));
  writeFileSync(join(root, 'main.1a2b3c4d.js.map'), '{"version":3}');
  writeFileSync(join(root, '.env'), 'SECRET=1');
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, '.git', 'config'), '[core]');
  writeFileSync(join(outside, 'secret.txt'), 'outside');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'linked.txt'));
  writeFileSync(join(root, BIG), randomBytes(4 * 1024 * 1024));
  return { root, remove: () => [root, outside].forEach((dir) => rmSync(dir, { recursive: true, force: true })) };
}

/** An HTTP/1.1 request with its raw body (no decoding). */
export function rawGet(url, headers = {}, options = {}) {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https') ? httpsRequest : get)(url, { headers, agent: false, ...options }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

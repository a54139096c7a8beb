// Byte budgets of the production build (bytes are deterministic; timings are left to `npm run bench`):
// what a cold visit of / downloads before the home page's content shows, and each remote's entry.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { contentMark, loadCold } from '../support/first-load.mjs';
import { useStack } from '../support/suite.mjs';
import { REMOTE_DIRS, ROOT } from '../support/stack.mjs';

const KIB = 1024;
const BUDGETS = { homeFirstLoadJs: 150 * KIB, remoteEntry: 10 * KIB };

const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;

describe('byte budgets', () => {
  const suite = useStack();

  it(`downloads at most ${kib(BUDGETS.homeFirstLoadJs)} of JS (gzip) before the home page's content`, async () => {
    const { jsBytes, scripts } = await loadCold(
      suite.browser,
      `${suite.stack.shellUrl}/`,
      contentMark('catalog/HomePage'),
    );
    const listing = scripts.map((script) => `  ${kib(script.encodedBodySize).padStart(9)}  ${script.name}`).join('\n');
    assert.ok(
      scripts.every((script) => script.encodedBodySize > 0),
      `a script came without its size:\n${listing}`,
    );
    assert.ok(
      jsBytes <= BUDGETS.homeFirstLoadJs,
      `first-load JS of / is ${kib(jsBytes)}, over its ${kib(BUDGETS.homeFirstLoadJs)} budget:\n${listing}`,
    );
  });

  for (const [remote, dir] of Object.entries(REMOTE_DIRS)) {
    it(`keeps the ${remote} remote's entry within ${kib(BUDGETS.remoteEntry)} gzip`, () => {
      const entry = readFileSync(join(ROOT, dir, 'dist', 'remoteEntry.js'));
      const bytes = gzipSync(entry, { level: 9 }).length;
      assert.ok(bytes <= BUDGETS.remoteEntry, `${dir}/dist/remoteEntry.js is ${kib(bytes)} gzip, over its budget`);
    });
  }
});

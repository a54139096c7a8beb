// @ts-check
// `npm run api-report`: rewrites shared/api-report.json from @devhub/shared's exports, after
// checking that a change to them comes with the version it needs (see scripts/lib/api-report.mjs).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCli, runCli } from './lib/cli.mjs';
import { WORKSPACE_ROOT } from './lib/workspace.mjs';
import lt from 'semver/functions/lt.js';

export const SHARED_DIR = join(WORKSPACE_ROOT, 'shared');
export const REPORT_FILE = join(SHARED_DIR, 'api-report.json');

const USAGE = `usage: npm run api-report
Rewrites shared/api-report.json from @devhub/shared's exports; refuses (exit 1) a change to them
that the package's version does not announce by semver's rules (scripts/lib/api-report.mjs).
  -h, --help  this help`;

async function main() {
  parseCli({ usage: USAGE });
  // Loaded once the command line is understood: it brings the TypeScript compiler.
  const { computeReport, diffReports, requiredVersion } = await import('./lib/api-report.mjs');
  const { assignabilityIn } = await import('./lib/api-assignability.mjs');
  const current = computeReport(SHARED_DIR);
  if (existsSync(REPORT_FILE)) {
    const committed = JSON.parse(readFileSync(REPORT_FILE, 'utf8'));
    const { level, changes } = diffReports(committed.entries, current.entries, assignabilityIn(SHARED_DIR));
    const needed = requiredVersion(committed.version, level);
    if (lt(current.version, needed)) {
      console.error(
        `api-report: ${current.package}'s exports changed (${level}) since ${committed.version}:\n${changes.map((change) => `  - ${change}`).join('\n')}\nBump its version to ${needed} or higher first (shared/package.json; for a breaking change, the apps' dependency on it too).`,
      );
      return 1;
    }
    console.log(
      changes.length > 0 ? `${changes.length} change(s), ${level}:\n  ${changes.join('\n  ')}` : 'No export changed.',
    );
  }
  writeFileSync(REPORT_FILE, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`Wrote ${REPORT_FILE} (${current.package} ${current.version}).`);
  return 0;
}

runCli('api-report', main);

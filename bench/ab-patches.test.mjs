import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from '../scripts/lib/workspace.mjs';

// bench/ab.md records each A/B run; bench/ab/ holds the B patch of each kept mechanism, which must
// re-run that A/B on today's code (bench/ab.md, "Refreshing a B patch").
const RECORD = 'bench/ab.md';
const PATCH_DIR = 'bench/ab';
const PATCH_NAME = /[\w.-]+\.patch\b/g;
const HOW_TO_REFRESH =
  'Refresh it in the change that broke it: redo the same B edit on the new code and write its git diff back ' +
  `under the patch's first lines (${RECORD}, "Refreshing a B patch").`;

const record = readFileSync(join(WORKSPACE_ROOT, RECORD), 'utf8');
const patchFiles = readdirSync(join(WORKSPACE_ROOT, PATCH_DIR))
  .filter((file) => file.endsWith('.patch'))
  .sort();

/** The record's `## ` sections, by heading. */
function sections(text) {
  return text
    .split(/^(?=## )/m)
    .slice(1)
    .map((section) => ({ heading: section.slice(3, section.indexOf('\n')), body: section }));
}

const decisions = sections(record).find((section) => section.heading === 'Decisions')?.body ?? '';
const runSections = sections(record).filter((section) => section.heading !== 'Decisions');
const namesIn = (text) => [...new Set(text.match(PATCH_NAME) ?? [])];

/** The Decisions table's rows as cells, by the header's column names. */
function decisionRows() {
  const rows = decisions
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  const [header = [], ...body] = rows;
  return body
    .filter((cells) => cells.length === header.length)
    .map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

describe('the A/B patches in bench/ab/', () => {
  it('are there', () => {
    expect(patchFiles.length).toBeGreaterThan(0);
  });

  it.each(patchFiles)('%s applies to the working tree', (file) => {
    const result = spawnSync('git', ['apply', '--check', join(PATCH_DIR, file)], {
      cwd: WORKSPACE_ROOT,
      encoding: 'utf8',
    });
    if (result.error) throw result.error;
    if (result.status !== 0) {
      throw new Error(
        `${PATCH_DIR}/${file} no longer applies to the working tree (git apply --check):\n` +
          `${result.stderr.trim()}\n${HOW_TO_REFRESH}`,
      );
    }
  });

  it('are the ones the Decisions table of bench/ab.md names', () => {
    const missing = namesIn(decisions).filter((name) => !patchFiles.includes(name));
    expect({ namedByDecisionsButMissingFrom: PATCH_DIR, patches: missing }).toEqual({
      namedByDecisionsButMissingFrom: PATCH_DIR,
      patches: [],
    });
  });

  it('are each named by a section of bench/ab.md, the record of the run it is for', () => {
    const named = new Set(runSections.flatMap((section) => namesIn(section.body)));
    const unrecorded = patchFiles.filter((file) => !named.has(file));
    expect({ inFolderButNamedByNoSectionOf: RECORD, patches: unrecorded }).toEqual({
      inFolderButNamedByNoSectionOf: RECORD,
      patches: [],
    });
  });

  it('include one for every mechanism the Decisions table keeps', () => {
    const rows = decisionRows().filter((row) => 'kept?' in row);
    expect(rows.length).toBeGreaterThan(0);
    const keptWithoutPatch = rows
      .filter((row) => /^kept\b/.test(row['kept?'] ?? ''))
      .filter((row) => namesIn(row.mechanism ?? '').length === 0)
      .map((row) => row.mechanism);
    expect(keptWithoutPatch).toEqual([]);
  });
});

import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import inc from 'semver/functions/inc.js';
import { assignabilityIn } from './api-assignability.mjs';
import { computeReport, diffReports, requiredVersion, verdict } from './api-report.mjs';
import { WORKSPACE_ROOT } from './workspace.mjs';

const SHARED_DIR = join(WORKSPACE_ROOT, 'shared');
const committed = () => JSON.parse(readFileSync(join(SHARED_DIR, 'api-report.json'), 'utf8'));
/** A minor adds and a major breaks; below 1.0 a patch adds and a minor breaks (see requiredVersion in api-report.mjs). */
const CURRENT = committed().version;
const BELOW_ONE = CURRENT.startsWith('0.');
const NEXT_FEATURE = inc(CURRENT, BELOW_ONE ? 'patch' : 'minor');
const NEXT_BREAKING = inc(CURRENT, BELOW_ONE ? 'minor' : 'major');
const escaped = (version) => version.replaceAll('.', '\\.');

/** A copy of the shared package to change, beside the workspace's config and dependencies. */
function copyOfShared() {
  const root = mkdtempSync(join(tmpdir(), 'api-report-'));
  cpSync(SHARED_DIR, join(root, 'shared'), { recursive: true });
  cpSync(join(WORKSPACE_ROOT, 'types'), join(root, 'types'), { recursive: true });
  cpSync(join(WORKSPACE_ROOT, 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
  symlinkSync(join(WORKSPACE_ROOT, 'node_modules'), join(root, 'node_modules'));
  const dir = join(root, 'shared');
  const edit = (file, change) => writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
  const setVersion = (version) =>
    edit('package.json', (text) => text.replace(/"version": "[^"]+"/, `"version": "${version}"`));
  return { root, dir, edit, setVersion };
}

describe("@devhub/shared's export report", () => {
  it('describes the exports of every entry at the version in package.json', () => {
    const result = verdict(committed(), computeReport(SHARED_DIR));
    if (!result.ok) throw new Error(result.message);
  });

  it("names no remote's page: adding, renaming or removing one leaves the report as it is", () => {
    expect(JSON.stringify(committed())).not.toMatch(/\b(HomePage|ListingPage|ProfilePage|CartPage|SignInPage)\b/);
  });

  describe('on a copy of the package', () => {
    let copy;
    beforeAll(() => {
      copy = copyOfShared();
    });
    afterAll(() => rmSync(copy.root, { recursive: true, force: true }));

    it('fails on an added export until the version is bumped and the report written again', () => {
      copy.edit('src/i18n/strings.ts', (text) => `${text}\nexport const CATALOG_BANNER = 'Mới';\n`);
      const unbumped = verdict(committed(), computeReport(copy.dir));
      expect(unbumped).toEqual({ ok: false, message: expect.stringContaining('added ./strings CATALOG_BANNER') });
      expect(unbumped.ok || unbumped.message).toMatch(
        new RegExp(`Bump its version to ${escaped(NEXT_FEATURE)} or higher`),
      );

      copy.setVersion(NEXT_FEATURE);
      const bumped = computeReport(copy.dir);
      const stale = verdict(committed(), bumped);
      expect(stale.ok || stale.message).toMatch(/Run "npm run api-report" and commit the report/);
      // The report written again, then checked by a later run: a second program over the same sources.
      expect(verdict(bumped, computeReport(copy.dir))).toEqual({ ok: true });
    });

    it('asks for a breaking version when an export goes away', () => {
      copy.setVersion(NEXT_FEATURE);
      copy.edit('src/lib/safe-redirect.ts', (text) =>
        text.replace('export function signInPathFor', 'function signInPathFor'),
      );
      const removed = verdict(committed(), computeReport(copy.dir));
      expect(removed.ok || removed.message).toMatch(
        new RegExp(`removed \\./safe-redirect signInPathFor[\\s\\S]*Bump its version to ${escaped(NEXT_BREAKING)}`),
      );
    });

    it('counts a parameter that accepts more as a feature, and one that accepts less as breaking', () => {
      const source = readFileSync(join(SHARED_DIR, 'src/lib/safe-redirect.ts'), 'utf8');
      const at = (signature) => {
        copy.edit('src/lib/safe-redirect.ts', () =>
          source.replace(/export function signInPathFor\([^)]*\)/, `export function signInPathFor(${signature})`),
        );
        return diffReports(committed().entries, computeReport(copy.dir).entries, assignabilityIn(copy.dir));
      };
      const original = /export function signInPathFor\(([^)]*)\)/.exec(source)[1];
      expect(at(`${original}, extra?: unknown`)).toEqual({
        level: 'feature',
        changes: expect.arrayContaining([expect.stringMatching(/^widened \.\/safe-redirect signInPathFor/)]),
      });
      expect(at(`${original}, extra: unknown`).level).toBe('breaking');
    });
  });
});

describe('diffReports', () => {
  const value = (shape) => ({ kind: 'value', shape });
  const type = (shape) => ({ kind: 'type', shape });

  it('counts a new export or a new property of a value as a feature', () => {
    expect(
      diffReports(
        { './a': { X: value({ a: 'string' }) } },
        { './a': { X: value({ a: 'string', b: 'string' }), Y: value('number') } },
      ),
    ).toEqual({
      level: 'feature',
      changes: ['added ./a X.b', 'added ./a Y'],
    });
  });

  it('counts a removal, a changed signature or a new property of a type as breaking', () => {
    expect(
      diffReports({ './a': { f: value('(x: string) => void') } }, { './a': { f: value('(x: number) => void') } }).level,
    ).toBe('breaking');
    expect(diffReports({ './a': { X: value('string') } }, { './a': {} }).level).toBe('breaking');
    expect(
      diffReports({ './a': { T: type({ a: 'string' }) } }, { './a': { T: type({ a: 'string', b: 'string' }) } }).level,
    ).toBe('breaking');
    expect(diffReports({ './a': {} }, {}).changes).toEqual(['removed entry ./a']);
  });

  it('counts a changed value as a feature only where the new type fits the old one', () => {
    const widen = [{ './a': { f: value('(x: "a") => void') } }, { './a': { f: value('(x: string) => void') } }];
    expect(diffReports(...widen, () => true).level).toBe('feature');
    expect(diffReports(...widen, () => false).level).toBe('breaking');
    // A type is read and written by consumers: any change to it breaks one of them.
    expect(diffReports({ './a': { T: type('"a"') } }, { './a': { T: type('string') } }, () => true).level).toBe(
      'breaking',
    );
  });
});

describe('requiredVersion', () => {
  it.each([
    ['0.2.0', 'feature', '0.2.1'],
    ['0.2.0', 'breaking', '0.3.0'],
    ['1.4.2', 'feature', '1.5.0'],
    ['1.4.2', 'breaking', '2.0.0'],
    ['1.4.2', 'none', '1.4.2'],
  ])('after %s, a %s change needs %s', (version, level, needed) => {
    expect(requiredVersion(version, level)).toBe(needed);
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPS, ROOT } from './lib/apps.mjs';
import { packageBin } from '../rspack/package-bin.mjs';
import { testLines } from './test-app.mjs';

/**
 * Every test of the preview project (the one `npm test -w <app>` runs), with its tags, as
 * Playwright itself lists them: tags given in code, not those it reads from a title's words.
 */
function listedTests() {
  const listing = spawnSync(
    process.execPath,
    [
      packageBin('@playwright/test', { name: 'playwright' }),
      'test',
      '--list',
      '--reporter=json',
      '--project',
      'preview',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      // Playwright refuses to load its tests where it sees Jest's worker variable.
      env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'JEST_WORKER_ID')),
    },
  );
  if (listing.status !== 0) throw new Error(`playwright test --list failed:\n${listing.stderr}`);
  /** @type {{ title: string, tags: string[] }[]} */
  const tests = [];
  const walk = (/** @type {any} */ suite, /** @type {string} */ path) => {
    for (const spec of suite.specs ?? []) {
      const title = `${path} › ${spec.title}`;
      tests.push({ title, tags: spec.tags.filter((/** @type {string} */ tag) => !title.includes(`@${tag}`)) });
    }
    for (const child of suite.suites ?? []) walk(child, child.title ? `${path} › ${child.title}` : path);
  };
  for (const file of JSON.parse(listing.stdout).suites) walk(file, file.title);
  return tests;
}

describe('npm test -w <app>', () => {
  it.each(APPS.map((app) => [app.dir, app.id]))(
    '%s runs its checks, its unit tests and the browser tests tagged @%s',
    (dir, id) => {
      const [checks, unit, browser] = testLines(dir);
      expect(checks).toMatchObject({ name: 'checks', cwd: ROOT });
      expect(checks?.command).toBe(`eslint --max-warnings=0 ${dir} && prettier --check ${dir} && tsc -b ${dir}`);
      expect(unit).toMatchObject({ name: 'unit', command: 'npm run test:unit', cwd: join(ROOT, dir) });
      const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
      expect(pkg.scripts.test).toBe('node ../scripts/test-app.mjs');
      expect(pkg.scripts['test:unit']).toBe(`jest -c ../jest.config.mjs --selectProjects ${dir}`);
      expect(browser?.command).toContain(`--grep "@${id}(?![\\w-])"`);
      expect(testLines(id)).toEqual(testLines(dir));
    },
  );

  it("greps an app's own tag, never a longer one that starts with it", () => {
    const pattern = /--grep "([^"]+)"/.exec(testLines('remote-catalog')[2]?.command ?? '')?.[1] ?? '';
    expect(new RegExp(pattern).test('renders the home page @catalog')).toBe(true);
    expect(new RegExp(pattern).test('renders the home page @catalog-v2')).toBe(false);
  });

  it('gives every browser test the tag of an app whose change it catches, and every app some', () => {
    const tests = listedTests();
    const apps = new Set(APPS.map((app) => app.id));
    expect(tests.length).toBeGreaterThan(50);
    expect(tests.filter((test) => test.tags.length === 0).map((test) => test.title)).toEqual([]);
    expect(
      tests.flatMap((test) => test.tags.filter((tag) => !apps.has(tag)).map((tag) => `${test.title}: @${tag}`)),
    ).toEqual([]);
    expect([...apps].filter((app) => !tests.some((test) => test.tags.includes(app)))).toEqual([]);
  });

  it('refuses an app the workspace does not have, naming the known ones', () => {
    expect(() => testLines('no-such-app')).toThrow(
      `unknown app "no-such-app" (known: ${APPS.map(({ dir }) => dir).join(', ')})`,
    );
  });
});

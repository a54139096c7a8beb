// Issue 42's acceptance, with the real parts: a catalog candidate whose listing throws as it renders
// goes to half of the visitors; 40 fresh browsers visit /blog and their pages report through the
// preview's /api/telemetry to the collector, which Debian's Prometheus scrapes; `remotes canary
// watch`, with no one watching, rolls the candidate back within 3 steps, the stable pin unchanged,
// and every later visitor gets the stable version.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { queryPrometheus, startPrometheus } from '../../scripts/lib/prometheus.mjs';
import { freePort } from '../../scripts/test/free-port.mjs';
import { writePrecompressed } from '../../rspack/precompress.mjs';
import { setBuildVersion } from '../support/built-copy.mjs';
import { runScript } from '../support/cli.ts';
import { expect, stackTest, type Stack } from '../support/fixtures.ts';
import { rendering } from '../support/first-view.ts';
import { pinCandidate } from '../support/prerendered-stack.ts';
import { ROOT, startStack } from '../support/stack.mjs';

const CANDIDATE = '9.2.0';
const VISITORS = 40;

/** The listing's card grid, as the minifier writes its first line: the candidate throws there. */
const CARD_GRID = /(function [\w$]+\(\{items:[\w$]+,headingLevel:[\w$]+,firstIsPriority:[^)]*\)\{)/;

/** The catalog's build, published as CANDIDATE, its listing throwing as it renders. */
async function brokenCandidate(deployDir: string): Promise<string> {
  const dir = join(deployDir, 'remote-catalog', CANDIDATE);
  cpSync(join(ROOT, 'remote-catalog', 'dist'), dir, { recursive: true });
  const broken = readdirSync(dir).filter((file) => {
    if (!file.endsWith('.js')) return false;
    const text = readFileSync(join(dir, file), 'utf8');
    if (!CARD_GRID.test(text)) return false;
    writeFileSync(join(dir, file), text.replace(CARD_GRID, '$1throw Error("a broken candidate");'));
    return true;
  });
  if (broken.length === 0) throw new Error("no file of the catalog's build has the listing's card grid");
  for (const file of broken) await writePrecompressed(join(dir, file));
  await setBuildVersion(dir, CANDIDATE);
  return dir;
}

/** A fresh browser visits /blog, stays until its page came to rest and its reporter loaded, and leaves. */
async function visit(browser: Browser, stack: Stack): Promise<'stable' | 'broken'> {
  const context = await browser.newContext({ baseURL: stack.shellUrl, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto('/blog');
  // Prerendered with the stable pins: hydrated for a stable visitor, rendered anew for a candidate's.
  const shown = (await rendering(page)) === 'hydrated' ? 'stable' : 'broken';
  const expected =
    shown === 'stable'
      ? page.locator('article').first()
      : page.getByRole('heading', { name: 'Không tải được nội dung' });
  await expect(expected).toBeVisible();
  // The reporter loads once the first page has come to rest and the network is quiet.
  await page.waitForLoadState('networkidle');
  // Leaving hides the page: the reporter sends its beacon then.
  await page.goto('about:blank');
  await context.close();
  return shown;
}

const test = stackTest.extend<object, { deployDir: string; stack: Stack }>({
  deployDir: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'devhub-canary-'));
      await use(dir);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  stack: [
    async ({ deployDir }, use) => {
      const stack = await startStack({ prerender: true, telemetry: true, deployDir });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
});

test.describe('a canary judged by what browsers report', { tag: '@shell' }, () => {
  test('rolls back a candidate whose listing throws, with no one watching', async ({ browser, stack, deployDir }) => {
    test.setTimeout(240_000);
    const version = await brokenCandidate(deployDir);
    const stable = pinCandidate(stack, 'catalog', version, 50, '1.0.0');
    await stack.prerender();
    const prometheus = await startPrometheus({
      port: await freePort(),
      targets: [`127.0.0.1:${stack.telemetry!.metricsPort}`],
      scrapeIntervalSeconds: 1,
    });
    try {
      // The candidate's series (the collector starts them at zero) scraped twice: increase() counts from there.
      const scraped = `min(count_over_time(devhub_remote_loads_total{remote="catalog",version="${CANDIDATE}"}[1m]))`;
      await expect
        .poll(async () => (await queryPrometheus(prometheus.url, scraped))[0]?.value ?? 0, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(2);

      const seen: string[] = [];
      // Four browsers at a time: each one's page waits on its network, not on the machine.
      for (let visitor = 0; visitor < VISITORS; visitor += 4) {
        seen.push(...(await Promise.all(Array.from({ length: 4 }, () => visit(browser, stack)))));
      }
      expect(seen, 'half of the visitors or so meet the candidate').toContain('broken');

      const watch = await runScript('remotes.mjs', [
        'canary',
        'watch',
        'catalog',
        '--file',
        stack.registryFile,
        '--deploy-dir',
        deployDir,
        '--prometheus',
        prometheus.url,
        '--interval',
        '2',
      ]);
      const steps = watch.output.trim().split('\n');
      expect(watch.code, watch.output).toBe(3);
      expect(steps.length, watch.output).toBeLessThanOrEqual(3);
      expect(steps.at(-1)).toMatch(
        new RegExp(`^catalog ${CANDIDATE} at 50 %: rolled back, (error ratio|failed loads) `),
      );

      const {
        candidate: gone,
        canaryHistory,
        ...after
      } = JSON.parse(readFileSync(stack.registryFile, 'utf8')).remotes.catalog;
      expect(gone).toBeUndefined();
      expect(after, 'the stable pin is unchanged').toEqual(stable);
      expect(canaryHistory[0]).toMatchObject({ version: CANDIDATE, outcome: 'aborted' });

      const status = await runScript('remotes.mjs', ['canary', 'status', '--file', stack.registryFile]);
      expect(status.output).toMatch(new RegExp(`${CANDIDATE} aborted: canary watch: (error ratio|failed loads) `));
      for (let visitor = 0; visitor < 5; visitor += 1) expect(await visit(browser, stack)).toBe('stable');
    } finally {
      await prometheus.stop();
    }
  });
});

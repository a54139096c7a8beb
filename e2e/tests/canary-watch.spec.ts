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

/** What /__remotes says of the catalog's live versions and its last canary. */
async function remotesPanel(browser: Browser, stack: Stack) {
  const context = await browser.newContext({ baseURL: stack.shellUrl, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto('/__remotes');
  const table = page.getByRole('table', { name: /^Các phiên bản đang chạy/ });
  await expect(table).toBeVisible();
  const said = {
    candidateErrors: await table
      .locator(`tr[data-remote="catalog"][data-role="candidate"] [data-figure="errors"]`)
      .textContent({ timeout: 1000 })
      .catch(() => undefined),
    lastCanary: await page
      .locator('[data-last-canary="catalog"]')
      .textContent({ timeout: 1000 })
      .catch(() => undefined),
  };
  await context.close();
  return said;
}

const test = stackTest.extend<object, { deployDir: string; prometheusPort: number; stack: Stack }>({
  deployDir: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'devhub-canary-'));
      await use(dir);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  prometheusPort: [async ({}, use) => use(await freePort()), { scope: 'worker' }],
  stack: [
    async ({ deployDir, prometheusPort }, use) => {
      const stack = await startStack({ prerender: true, telemetry: { prometheusPort }, deployDir });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
});

test.describe('a canary judged by what browsers report', { tag: '@shell' }, () => {
  test('rolls back a candidate whose listing throws, with no one watching', async ({
    browser,
    stack,
    deployDir,
    prometheusPort,
  }) => {
    test.setTimeout(240_000);
    const version = await brokenCandidate(deployDir);
    const stable = pinCandidate(stack, 'catalog', version, 50, '1.0.0');
    await stack.prerender();
    const prometheus = await startPrometheus({
      port: prometheusPort,
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
      // The remotes panel shows the candidate's error ratio, from the figures canary watch judges
      // (the collector keeps an answer 10 s: asked again until the page views are counted).
      await expect
        .poll(async () => (await remotesPanel(browser, stack)).candidateErrors, { timeout: 30_000 })
        .toMatch(/^[1-9]\d*(,\d)?%$/);

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
      // The collector reads the registry again within a second, and answers anew from it: the
      // candidate gone from the live versions, the reason for its rollback said.
      const panel = async () => {
        const { candidateErrors, lastCanary } = await remotesPanel(browser, stack);
        return candidateErrors === undefined ? lastCanary : 'the candidate still shown';
      };
      await expect
        .poll(panel, { timeout: 10_000 })
        .toMatch(
          new RegExp(
            `^Canary gần nhất của catalog: bản ${CANDIDATE} đã bị thu hồi lúc .*: canary watch: (error ratio|failed loads) `,
          ),
        );
      for (let visitor = 0; visitor < 5; visitor += 1) expect(await visit(browser, stack)).toBe('stable');
    } finally {
      await prometheus.stop();
    }
  });
});

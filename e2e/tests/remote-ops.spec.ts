// What the product's users came for, end to end: publish two versions of a remote, pin, roll
// back and override them without touching the shell's build, and check an environment.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { sealVersion } from '../../scripts/lib/integrity.mjs';
import { closeServer, createStaticServer, listen } from '../../scripts/lib/static-server.mjs';
import { copyBuild, replaceText, setBuildVersion } from '../support/built-copy.mjs';
import { runScript } from '../support/cli.ts';
import { expect, stackTest, type Stack } from '../support/fixtures.ts';
import { freeStablePort } from '../../scripts/test/free-port.mjs';
import { hashTree } from '../support/files.mjs';
import { recordInsertedText } from '../support/inserted-text.ts';
import { overrideBadge, overrideLink, proposalNotice, proposeAndConfirm } from '../support/override-flow.ts';
import { errorPanel, expectMounted, navigateInApp } from '../support/remote-page.ts';
import { ROOT, startStack } from '../support/stack.mjs';

const FEATURED = 'Bài nổi bật';

interface Deployment {
  /** The temporary deploy folder, served under /deploy/ by the stack. */
  dir: string;
  /** The catalog's build published as 1.1.0: a copy of the workspace's, its featured heading changed. */
  build110: string;
}

/**
 * A temporary deploy folder holding the catalog published twice (1.0.0, then 1.1.0 whose
 * featured heading reads "Bài nổi bật 1.1.0"), and this worker's stack serving it. Both are the
 * workspace's one production build, published with `deploy --dist` as built at those versions;
 * 1.1.0's code changed in its browser and server files, as a build of the changed text has it.
 */
const test = stackTest.extend<object, { deployment: Deployment; stack: Stack }>({
  deployment: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'devhub-deploy-'));
      const build100 = copyBuild('remote-catalog');
      const build110 = copyBuild('remote-catalog');
      try {
        await setBuildVersion(build100, '1.0.0');
        let deployed = await runScript('deploy.mjs', ['catalog', '--dist', build100, '--to', dir]);
        expect(deployed.code, deployed.output).toBe(0);

        await setBuildVersion(build110, '1.1.0');
        await replaceText(build110, FEATURED, `${FEATURED} 1.1.0`);
        deployed = await runScript('deploy.mjs', ['catalog', '--dist', build110, '--to', dir]);
        expect(deployed.code, deployed.output).toBe(0);
        await use({ dir, build110 });
      } finally {
        for (const folder of [dir, `${dir}-sourcemaps`, build100, build110]) {
          rmSync(folder, { recursive: true, force: true });
        }
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  stack: [
    async ({ deployment }, use) => {
      const stack = await startStack({ api: true, deployDir: deployment.dir, prerender: true });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
});

/** The stack's registry with the catalog pinned to the published 1.0.0, with the digest `use` would pin. */
const catalogPinnedTo100 = (stack: Stack, deployment: Deployment) => ({
  ...stack.registry,
  deployBaseUrl: '/deploy/',
  remotes: {
    ...stack.registry.remotes,
    catalog: {
      entry: '/deploy/remote-catalog/1.0.0/mf-manifest.json',
      version: '1.0.0',
      integrity: versionsIndex(deployment).versions.find((entry) => entry.version === '1.0.0')?.integrity,
    },
  },
});

const versionsIndex = (deployment: Deployment) =>
  JSON.parse(readFileSync(join(deployment.dir, 'remote-catalog', 'versions.json'), 'utf8')) as {
    versions: { version: string; buildHash: string; publishedAt: string; integrity: string }[];
  };

test.describe('remote operations', { tag: '@shell' }, () => {
  test.beforeEach(({ stack, deployment }) => {
    stack.writeRegistry(catalogPinnedTo100(stack, deployment));
  });

  /** `npm run remotes -- <command> …` on the stack's registry and the test's deploy folder. */
  const onStackRegistry = (stack: Stack, deployment: Deployment, command: string, ...args: string[]) =>
    runScript('remotes.mjs', [command, ...args, '--file', stack.registryFile, '--deploy-dir', deployment.dir]);

  const featuredHeading = (page: Page) => page.getByRole('heading', { name: new RegExp(`^${FEATURED}`) }).first();

  test('publishes immutable versions with an index of dates and build hashes', async ({ deployment }) => {
    const index = versionsIndex(deployment);
    expect(index.versions.map((entry) => entry.version)).toEqual(['1.0.0', '1.1.0']);
    for (const entry of index.versions) {
      expect(entry.buildHash).toMatch(/^[0-9a-f]{12}$/);
      expect(Number.isNaN(Date.parse(entry.publishedAt)), entry.publishedAt).toBe(false);
    }
    const manifest = JSON.parse(
      readFileSync(join(deployment.dir, 'remote-catalog', '1.1.0', 'mf-manifest.json'), 'utf8'),
    );
    expect(manifest.metaData.buildInfo.buildVersion).toBe('1.1.0');
    expect(manifest.metaData.buildInfo.buildHash).toBe(index.versions[1]!.buildHash);

    // No source map is published, nor pointed at: they are kept beside the deploy folder.
    const published = readdirSync(join(deployment.dir, 'remote-catalog', '1.1.0'), { recursive: true }).map(String);
    expect(published.filter((file) => file.endsWith('.map'))).toEqual([]);
    const code = published.filter((file) => /\.(c?js|css)$/.test(file));
    expect(code).toEqual(expect.arrayContaining([expect.stringMatching(/\.js$/), expect.stringMatching(/\.cjs$/)]));
    // The browser's code names no map at all; a Node build keeps its dependencies' own comments
    // mid-file (maps never emitted), but none is appended to point at one of ours.
    for (const file of code) {
      expect(readFileSync(join(deployment.dir, 'remote-catalog', '1.1.0', file), 'utf8'), file).not.toMatch(
        file.endsWith('.cjs') ? /sourceMappingURL=[^\n]*\s*$/ : /sourceMappingURL/,
      );
    }
    const maps = readdirSync(join(`${deployment.dir}-sourcemaps`, 'remote-catalog', '1.1.0'), { recursive: true });
    expect(maps.map(String)).toEqual(
      expect.arrayContaining(code.filter((file) => /\.c?js$/.test(file)).map((file) => `${file}.map`)),
    );

    const again = await runScript('deploy.mjs', ['catalog', '--dist', deployment.build110, '--to', deployment.dir]);
    expect(again.code).not.toBe(0);
    expect(again.output).toMatch(/already published/);
  });

  test('swaps a version on reload, without rebuilding the shell', async ({ page, stack, deployment }) => {
    const shellHash = hashTree(join(ROOT, 'shell', 'dist'));
    await page.goto('/');
    await expect(featuredHeading(page)).toHaveText(FEATURED);

    const used = await onStackRegistry(stack, deployment, 'use', 'catalog', '1.1.0');
    expect(used.code, used.output).toBe(0);
    // `use` renders the public routes again with the new pin: the next visitor gets its HTML.
    expect(used.output).toMatch(/Prerendered 7 of 7 public routes/);
    expect(await (await page.request.get('/')).text()).toContain(`${FEATURED} 1.1.0`);
    await page.reload();
    await expect(featuredHeading(page)).toHaveText(`${FEATURED} 1.1.0`);
    // The page is on screen before the shell starts: wait for the shell to take it over.
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.rendering)).toBe('hydrated');
    expect(hashTree(join(ROOT, 'shell', 'dist')), "the shell's dist/ is byte-identical").toBe(shellHash);
  });

  test('shows versions, build hashes and load times in the remotes panel', async ({ page, deployment }) => {
    await page.goto('/blog');
    // A prerendered page is on screen before the shell runs: the shell must have taken the page
    // over before the app can navigate, or it starts on the panel's path and never loads the catalog.
    await expectMounted(page, 'catalog/ListingPage');
    await navigateInApp(page, '/__remotes');
    await expect(page.getByRole('heading', { name: 'Bảng điều khiển remote' })).toBeVisible();
    const catalogRow = page.locator('tr[data-remote="catalog"]');
    await expect(catalogRow.getByText(versionsIndex(deployment).versions[0]!.buildHash)).toBeVisible();
    const cells = catalogRow.locator('td');
    await expect(cells.nth(0)).toHaveText('1.0.0');
    await expect(cells.nth(2)).toHaveText(/\/deploy\/remote-catalog\/1\.0\.0\/mf-manifest\.json$/);
    await expect(cells.nth(3)).toHaveText('Không');
    await expect(cells.nth(4)).toHaveText('Đã tải');
    await expect(cells.nth(5)).toHaveText(/^\d+ ms$/);
    await expect(page.locator('tr[data-remote="account"] td').nth(4)).toHaveText(/Chưa tải/);
    await expect(page.getByRole('row', { name: /^react 19\./ })).toContainText('shell');
  });

  test('a link only proposes an override: nothing of it loads until the visitor confirms it in the panel, then it applies with a badge; any other origin is refused', async ({
    page,
    stack,
    deployment,
  }) => {
    // On a developer's machine (the stack's remotes are on 127.0.0.1), overriding the catalog to the stack's own build.
    stack.writeRegistry({
      ...catalogPinnedTo100(stack, deployment),
      environment: 'local',
      allowedOverrideOrigins: [stack.originOf('catalog')],
    });
    const insertions = await recordInsertedText(page);
    const fromOverride: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${stack.originOf('catalog')}/`)) fromOverride.push(request.url());
    });
    const pinned = await onStackRegistry(stack, deployment, 'use', 'catalog', '1.1.0');
    expect(pinned.code, pinned.output).toBe(0);
    const override = `${stack.originOf('catalog')}/mf-manifest.json`;

    await page.goto(overrideLink('catalog', override));
    await expect(proposalNotice(page)).toContainText(
      'Một liên kết đề xuất ghi đè remote catalog. Trang vẫn dùng các bản đã ghim cho đến khi bạn xác nhận.',
    );
    await expect(featuredHeading(page), 'the pinned version, not the proposed one').toHaveText(`${FEATURED} 1.1.0`);
    await expect(page, 'the URL is cleaned').toHaveURL((url) => !url.searchParams.has('mf-override'));
    await page.reload();
    await expect(featuredHeading(page)).toHaveText(`${FEATURED} 1.1.0`);
    await expect(proposalNotice(page), 'still proposed after a reload').toBeVisible();
    await expect(overrideBadge(page)).toHaveCount(0);
    expect(fromOverride, 'nothing fetched from the proposed origin').toEqual([]);

    await proposeAndConfirm(page, 'catalog', override);
    const catalogRow = page.locator('tr[data-remote="catalog"]');
    await expect(catalogRow.locator('td').nth(2)).toHaveText(override);
    await expect(catalogRow.locator('td').nth(3)).toHaveText('Có');
    await page.goto('/');
    await expect(featuredHeading(page), 'the override build is shown').toHaveText(FEATURED);
    await expect(overrideBadge(page)).toContainText('catalog');

    await page.reload();
    await expect(overrideBadge(page)).toBeVisible();
    await page.getByRole('button', { name: 'Bỏ ghi đè và tải lại' }).click();
    await page.waitForLoadState('load');
    await expect(featuredHeading(page), 'back to the pinned version').toHaveText(`${FEATURED} 1.1.0`);
    await expect(overrideBadge(page)).toHaveCount(0);

    await page.goto(overrideLink('catalog', 'https://evil.example/mf-manifest.json'));
    // Refused naming the remote only: the text given in the address is never echoed.
    await expect
      .poll(
        () =>
          insertions(
            'Không áp dụng ghi đè remote "catalog": nguồn không nằm trong danh sách cho phép của remotes.json',
          ),
        'the refusal was shown',
      )
      .toBeGreaterThan(0);
    expect(await insertions('evil.example')).toBe(0);
    await expect(page.getByText(/evil\.example/)).toHaveCount(0);
    await expect(featuredHeading(page)).toHaveText(`${FEATURED} 1.1.0`);
    await expect(overrideBadge(page)).toHaveCount(0);
    await expect(proposalNotice(page)).toHaveCount(0);
  });

  test.describe('signed in', () => {
    test.use({ signedIn: true });

    test('does not run a remote build the shell cannot serve: its slot, the console and the panel say why', async ({
      page,
      stack,
    }) => {
      const altDir = mkdtempSync(join(tmpdir(), 'devhub-mismatch-'));
      try {
        // The account remote as if built against React 20: its record asks for more than the shell has.
        cpSync(join(ROOT, 'remote-account', 'dist'), altDir, { recursive: true });
        const manifestFile = join(altDir, 'mf-manifest.json');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
        manifest.compatibility.singletons['react/jsx-runtime'] = { version: '20.0.0', requiredVersion: '^20.0.0' };
        writeFileSync(manifestFile, JSON.stringify(manifest));
        const altUrl = await stack.serveExtra(altDir);
        // Pinned with its digest, as `use` would pin it: what is refused is the build, not a missing digest.
        stack.writeRegistry({
          ...stack.registry,
          remotes: {
            ...stack.registry.remotes,
            account: { entry: `${altUrl}/mf-manifest.json`, integrity: sealVersion(altDir) },
          },
        });
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });

        await page.goto('/profile');
        const panel = errorPanel(page);
        await expect(panel).toContainText('bản build của phần này không tương thích với shell đang chạy');
        await expect(panel).toContainText(/account cần react\/jsx-runtime \^20\.0\.0, shell cung cấp 19\./);
        await expect(page.getByRole('heading', { name: 'Profile' }), 'none of its code ran').toHaveCount(0);
        await expect(page.getByRole('banner')).toBeVisible();
        expect(errors.join('\n')).toMatch(/account was not run[\s\S]*account: needs react\/jsx-runtime \^20\.0\.0/);

        await navigateInApp(page, '/__remotes');
        await expect(
          page.locator('tr[data-remote="account"]').getByText(/Không tương thích: account cần react\/jsx-runtime \^20/),
        ).toBeVisible();
      } finally {
        rmSync(altDir, { recursive: true, force: true });
      }
    });
  });

  test('doctor fails while a remote is down and passes once it is up', async ({ stack, deployment }) => {
    // Down first, then up on the same port: one the kernel never hands out meanwhile.
    const port = await freeStablePort();
    const file = join(deployment.dir, 'remotes.doctor.json');
    writeFileSync(
      file,
      JSON.stringify({
        remotes: { ...stack.registry.remotes, catalog: { entry: `http://127.0.0.1:${port}/mf-manifest.json` } },
      }),
    );
    const down = await runScript('remotes.mjs', ['doctor', '--file', file, '--timeout', '2000']);
    expect(down.code, down.output).toBe(1);
    expect(down.output).toMatch(/catalog\s+-\s+unreachable/);

    const server = createStaticServer({ root: join(ROOT, 'remote-catalog', 'dist'), cors: true });
    await listen(server, port, '127.0.0.1');
    try {
      const up = await runScript('remotes.mjs', ['doctor', '--file', file, '--timeout', '2000']);
      expect(up.code, up.output).toBe(0);
      expect(up.output).toMatch(/All remotes healthy/);
    } finally {
      await closeServer(server);
    }
  });
});

// What the product's users came for, end to end: publish two versions of a remote, pin,
// roll back and override them without touching the shell's build, and check an environment.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStaticServer, listen } from '../../scripts/lib/static-server.mjs';
import { launchBrowser, openPage } from '../support/browser.mjs';
import { ROOT, startStack } from '../support/stack.mjs';
import { freePort, hashTree } from '../support/files.mjs';

/** Runs a CLI without blocking this process, which also serves the stack the CLI talks to. */
function run(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', script), ...args], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const FEATURED = 'Bài nổi bật';

describe('remote operations', () => {
  let stack;
  let browser;
  let deployDir;
  let sourceCopy;
  const shellDist = join(ROOT, 'shell', 'dist');
  let shellHash;

  before(async () => {
    deployDir = mkdtempSync(join(tmpdir(), 'devhub-deploy-'));
    // A sibling copy of the catalog (so its config still finds ../rspack.config.base.ts) that
    // the test can version and change without touching the workspace.
    sourceCopy = mkdtempSync(join(ROOT, '.e2e-catalog-'));
    cpSync(join(ROOT, 'remote-catalog'), sourceCopy, {
      recursive: true,
      filter: (path) => !/[\\/](dist|node_modules)$/.test(path),
    });
    const setVersion = (version) => {
      const file = join(sourceCopy, 'package.json');
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version }, null, 2));
    };
    setVersion('1.0.0');
    let deployed = await run('deploy.mjs', ['catalog', '--to', deployDir, '--source', sourceCopy]);
    assert.equal(deployed.code, 0, deployed.output);

    setVersion('1.1.0');
    const textFile = join(sourceCopy, 'src/lib/catalog-text.ts');
    writeFileSync(textFile, readFileSync(textFile, 'utf8').replace(`'${FEATURED}'`, `'${FEATURED} 1.1.0'`));
    deployed = await run('deploy.mjs', ['catalog', '--to', deployDir, '--source', sourceCopy]);
    assert.equal(deployed.code, 0, deployed.output);

    stack = await startStack({ deployDir });
    stack.writeRegistry(catalogPinnedTo100());
    shellHash = hashTree(shellDist);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await stack?.stop();
    rmSync(sourceCopy, { recursive: true, force: true });
    rmSync(deployDir, { recursive: true, force: true });
  });

  /** The stack's registry with the catalog pinned to the published 1.0.0. */
  const catalogPinnedTo100 = () => ({
    ...stack.registry,
    deployBaseUrl: '/deploy/',
    remotes: {
      ...stack.registry.remotes,
      catalog: { entry: '/deploy/remote-catalog/1.0.0/mf-manifest.json', version: '1.0.0' },
    },
  });

  /** `npm run remotes -- <command> …` on the stack's registry and the test's deploy folder. */
  const onStackRegistry = (command, ...args) =>
    run('remotes.mjs', [command, ...args, '--file', stack.registryFile, '--deploy-dir', deployDir]);

  const featuredHeading = (page) => page.getByRole('heading', { name: new RegExp(`^${FEATURED}`) }).first();

  it('publishes immutable versions with an index of dates and build hashes', async () => {
    const index = JSON.parse(readFileSync(join(deployDir, 'remote-catalog', 'versions.json'), 'utf8'));
    assert.deepEqual(
      index.versions.map((entry) => entry.version),
      ['1.0.0', '1.1.0'],
    );
    assert.ok(
      index.versions.every(
        (entry) => /^[0-9a-f]{12}$/.test(entry.buildHash) && !Number.isNaN(Date.parse(entry.publishedAt)),
      ),
    );
    const manifest = JSON.parse(readFileSync(join(deployDir, 'remote-catalog', '1.1.0', 'mf-manifest.json'), 'utf8'));
    assert.equal(manifest.metaData.buildInfo.buildVersion, '1.1.0');
    assert.equal(manifest.metaData.buildInfo.buildHash, index.versions[1].buildHash);

    const again = await run('deploy.mjs', ['catalog', '--to', deployDir, '--source', sourceCopy]);
    assert.notEqual(again.code, 0);
    assert.match(again.output, /already published/);
  });

  it('swaps and rolls back a version on reload, without rebuilding the shell', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${stack.shellUrl}/`);
    assert.equal(await featuredHeading(page).textContent(), FEATURED);

    const used = await onStackRegistry('use', 'catalog', '1.1.0');
    assert.equal(used.code, 0, used.output);
    await page.reload();
    assert.equal(await featuredHeading(page).textContent(), `${FEATURED} 1.1.0`);

    const rolledBack = await onStackRegistry('rollback', 'catalog');
    assert.equal(rolledBack.code, 0, rolledBack.output);
    assert.match(rolledBack.output, /1\.1\.0 → 1\.0\.0/);
    await page.reload();
    assert.equal(await featuredHeading(page).textContent(), FEATURED);

    const refused = await onStackRegistry('use', 'catalog', '9.9.9');
    assert.notEqual(refused.code, 0);
    assert.match(refused.output, /not published/);
    assert.equal(hashTree(shellDist), shellHash, "the shell's dist/ is byte-identical");
    await context.close();
  });

  it('shows versions, build hashes and load times in the remotes panel', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${stack.shellUrl}/`);
    await featuredHeading(page).waitFor();
    await page.getByRole('link', { name: 'Bài viết' }).first().click();
    await page.waitForURL(/\/blog$/);
    await page.evaluate(() => {
      history.pushState({}, '', '/__remotes');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Bảng điều khiển remote' }).waitFor();
    const catalogRow = page.locator('tr[data-remote="catalog"]');
    const index = JSON.parse(readFileSync(join(deployDir, 'remote-catalog', 'versions.json'), 'utf8'));
    await catalogRow.getByText(index.versions[0].buildHash).waitFor();
    const cells = await catalogRow.locator('td').allTextContents();
    assert.equal(cells[0], '1.0.0');
    assert.match(cells[2], /\/deploy\/remote-catalog\/1\.0\.0\/mf-manifest\.json$/);
    assert.equal(cells[3], 'Không');
    assert.equal(cells[4], 'Đã tải');
    assert.match(cells[5], /^\d+ ms$/);
    assert.match(await page.locator('tr[data-remote="account"] td').nth(4).textContent(), /Chưa tải/);
    const reactRow = page.getByRole('row', { name: /^react 19\./ });
    assert.match(await reactRow.textContent(), /shell/);
    await context.close();
  });

  it('applies an allow-listed override with a badge, and refuses any other origin', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${stack.shellUrl}/`);
    assert.equal(await featuredHeading(page).textContent(), FEATURED);

    // Pin 1.1.0, then override the catalog back to the stack's own build in this browser only.
    const pinned = await onStackRegistry('use', 'catalog', '1.1.0');
    assert.equal(pinned.code, 0, pinned.output);
    const override = `catalog@${stack.remotes.catalog}/mf-manifest.json`;
    await page.goto(`${stack.shellUrl}/?mf-override=${encodeURIComponent(override)}`);
    const badge = page.getByRole('complementary', { name: 'Đang ghi đè remote' });
    await badge.waitFor();
    assert.match(await badge.textContent(), /catalog/);
    assert.equal(await featuredHeading(page).textContent(), FEATURED, 'the override build is shown');
    assert.equal(new URL(page.url()).searchParams.has('mf-override'), false, 'the URL is cleaned');

    await page.reload();
    await badge.waitFor();
    await page.getByRole('button', { name: 'Bỏ ghi đè và tải lại' }).click();
    await page.waitForLoadState('load');
    await featuredHeading(page).waitFor();
    assert.equal(await featuredHeading(page).textContent(), `${FEATURED} 1.1.0`, 'back to the pinned version');
    assert.equal(await badge.count(), 0);

    await page.goto(
      `${stack.shellUrl}/?mf-override=${encodeURIComponent('catalog@https://evil.example/mf-manifest.json')}`,
    );
    await page.getByText(/nguồn https:\/\/evil\.example không nằm trong danh sách cho phép/).waitFor();
    assert.equal(await featuredHeading(page).textContent(), `${FEATURED} 1.1.0`);
    assert.equal(await badge.count(), 0);
    await context.close();
  });

  it('never loads an incompatible singleton silently: console and panel warn', async () => {
    const altDir = mkdtempSync(join(tmpdir(), 'devhub-mismatch-'));
    try {
      cpSync(join(ROOT, 'remote-account', 'dist'), altDir, { recursive: true });
      const manifestFile = join(altDir, 'mf-manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      manifest.shared = manifest.shared.map((shared) =>
        shared.name === 'react/jsx-runtime' ? { ...shared, version: '18.3.1', requiredVersion: '^18.3.1' } : shared,
      );
      writeFileSync(manifestFile, JSON.stringify(manifest));
      const altUrl = await stack.serveExtra(altDir);
      stack.writeRegistry({
        ...stack.registry,
        remotes: { ...stack.registry.remotes, account: { entry: `${altUrl}/mf-manifest.json` } },
      });

      const { context, page } = await openPage(browser);
      const warnings = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await context.addInitScript(() => localStorage.setItem('access_token', 'e2e-token'));
      await page.goto(`${stack.shellUrl}/profile`);
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
      assert.ok(
        warnings.some(
          (text) =>
            /remote "account" was built against incompatible singletons/.test(text) &&
            /react\/jsx-runtime: remote built with 18\.3\.1/.test(text),
        ),
        `console warning expected, got: ${warnings.join(' | ')}`,
      );
      await page.evaluate(() => {
        history.pushState({}, '', '/__remotes');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page
        .locator('tr[data-remote="account"]')
        .getByText(/Cảnh báo phiên bản: react\/jsx-runtime: remote built with 18\.3\.1/)
        .waitFor();
      await context.close();
    } finally {
      stack.writeRegistry(catalogPinnedTo100());
      rmSync(altDir, { recursive: true, force: true });
    }
  });

  it('doctor fails while a remote is down and passes once it is up', async () => {
    const port = await freePort();
    const file = join(deployDir, 'remotes.doctor.json');
    writeFileSync(
      file,
      JSON.stringify({
        remotes: { ...stack.registry.remotes, catalog: { entry: `http://127.0.0.1:${port}/mf-manifest.json` } },
      }),
    );
    const down = await run('remotes.mjs', ['doctor', '--file', file, '--timeout', '2000']);
    assert.equal(down.code, 1, down.output);
    assert.match(down.output, /catalog\s+-\s+unreachable/);

    const server = createStaticServer({ root: join(ROOT, 'remote-catalog', 'dist'), cors: true });
    await listen(server, port, '127.0.0.1');
    try {
      const up = await run('remotes.mjs', ['doctor', '--file', file, '--timeout', '2000']);
      assert.equal(up.code, 0, up.output);
      assert.match(up.output, /All remotes healthy/);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});

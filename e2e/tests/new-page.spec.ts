// The acceptance, end to end: a team adds a page to its remote alone. On a copy of the
// repository, `new-page` scaffolds it under remote-account/ only, the remote is versioned,
// deployed and pinned, and the page is served by the same shell build; rolling back removes it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyBuild, setBuildVersion } from '../support/built-copy.mjs';
import { runScript } from '../support/cli.ts';
import { expect, stackTest, type Stack } from '../support/fixtures.ts';
import { changedFiles, trackChanges } from '../support/git-changes.ts';
import { hashTree } from '../support/files.mjs';
import { ROOT, startStack } from '../support/stack.mjs';
import { variantBuild } from '../support/variant-build.mjs';

const TITLE = 'Lịch sử đơn hàng';

interface Team {
  /** The temporary deploy folder, served under /deploy/ by the stack. */
  dir: string;
  /** What `git status --porcelain` says of the copy after the page was added and versioned. */
  changed: string[];
}

/**
 * The team's own steps, in its copy of the repository: scaffold the page, bump the remote's
 * version; then its build of remote-account (made once per state of the sources, e2e/.cache).
 */
const withThePage = () =>
  variantBuild({
    name: 'account-orders-history',
    app: 'remote-account',
    inputs: { TITLE },
    edit: (copy) => {
      trackChanges(copy.root);
      const scaffold = spawnSync(
        process.execPath,
        [
          join(copy.root, 'scripts', 'new-page.mjs'),
          'account',
          '/orders/history',
          '--title',
          TITLE,
          '--layout',
          'account',
          '--access',
          'signed-in',
        ],
        { cwd: copy.root, encoding: 'utf8' },
      );
      if (scaffold.status !== 0) throw new Error(`new-page failed: ${scaffold.stderr}`);
      copy.edit('remote-account/package.json', (text) => text.replace(/"version": "[^"]+"/, '"version": "1.1.0"'));
      const changed = changedFiles(copy.root);
      return { changed };
    },
  });

const test = stackTest.extend<object, { team: Team; stack: Stack }>({
  team: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'devhub-deploy-'));
      // The remote as it is: the workspace's production build, published as 1.0.0.
      const before = copyBuild('remote-account');
      try {
        await setBuildVersion(before, '1.0.0');
        let deployed = await runScript('deploy.mjs', ['account', '--dist', before, '--to', dir]);
        expect(deployed.code, deployed.output).toBe(0);

        const after = await withThePage();
        deployed = await runScript('deploy.mjs', ['account', '--dist', after.dist, '--to', dir]);
        expect(deployed.code, deployed.output).toBe(0);
        await use({ dir, changed: after.meta.changed });
      } finally {
        for (const folder of [dir, `${dir}-sourcemaps`, before]) rmSync(folder, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  stack: [
    async ({ team }, use) => {
      const stack = await startStack({ api: true, deployDir: team.dir });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
});

test.describe('a team adds a page alone', { tag: '@shell' }, () => {
  test.use({ signedIn: true });

  test('new-page, version, deploy and use serve it with the same shell build; rollback removes it', async ({
    page,
    stack,
    team,
  }) => {
    expect(team.changed.length).toBeGreaterThan(0);
    expect(
      team.changed.filter((file) => !file.startsWith('remote-account/')),
      'the team touched only its remote',
    ).toEqual([]);

    const shellHash = hashTree(join(ROOT, 'shell', 'dist'));
    const registry = () => JSON.parse(readFileSync(stack.registryFile, 'utf8'));
    const others = () => ({ catalog: registry().remotes.catalog, auth: registry().remotes.auth });
    const remotes = (...args: string[]) =>
      runScript('remotes.mjs', [...args, '--file', stack.registryFile, '--deploy-dir', team.dir]);
    stack.writeRegistry({ ...stack.registry, deployBaseUrl: '/deploy/' });
    const before = others();

    let result = await remotes('use', 'account', '1.0.0');
    expect(result.code, result.output).toBe(0);
    await page.goto('/orders/history');
    await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();

    result = await remotes('use', 'account', '1.1.0');
    expect(result.code, result.output).toBe(0);
    await page.goto('/orders/history');
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toHaveCount(0);
    await expect(page).toHaveTitle(`DevHub - ${TITLE}`);

    result = await remotes('rollback', 'account');
    expect(result.code, result.output).toBe(0);
    await page.goto('/orders/history');
    await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();

    expect(others(), 'the other pins are untouched').toEqual(before);
    expect(hashTree(join(ROOT, 'shell', 'dist')), "the shell's dist/ is untouched").toBe(shellHash);
  });
});

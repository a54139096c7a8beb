// The acceptance, end to end: a new team joins alone. In a copy of the repository it runs
// `new-remote` and `new-page`, touching nothing outside its remote but the workspace list, then
// deploys its first version; the stack's shell build, made before that remote existed, serves its
// page once it is pinned, prerendered and verified, while every other team's pages keep working;
// rolling the first pin back takes the remote and its routes away again.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyWorkspace } from '../../scripts/lib/workspace-copy.mjs';
import { runScript } from '../support/cli.ts';
import { expect, stackTest, type Stack } from '../support/fixtures.ts';
import { changedFiles, trackChanges } from '../support/git-changes.ts';
import { hashTree } from '../support/files.mjs';
import { rendering } from '../support/first-view.ts';
import { consoleProblems } from '../support/prerendered-stack.ts';
import { ROOT, startStack } from '../support/stack.mjs';

const TITLE = 'Diễn đàn';

interface Team {
  /** The temporary deploy folder, served under /deploy/ by the stack. */
  dir: string;
  /** What `git status --porcelain` says of the team's copy once its remote and page are scaffolded. */
  changed: string[];
}

/** A CLI of the team's copy, as the team runs it; a failure fails the fixture with what it printed. */
async function inCopy(root: string, script: string, ...args: string[]) {
  const { code, output } = await runScript(script, args, { root });
  expect(code, `${script} ${args.join(' ')}:\n${output}`).toBe(0);
  return output;
}

const test = stackTest.extend<object, { team: Team; stack: Stack }>({
  team: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'devhub-deploy-'));
      const copy = copyWorkspace();
      try {
        trackChanges(copy.root);
        await inCopy(copy.root, 'new-remote.mjs', 'forum', '--port', '3004');
        await inCopy(
          copy.root,
          'new-page.mjs',
          'forum',
          '/forum',
          '--title',
          TITLE,
          '--layout',
          'main',
          '--access',
          'public',
        );
        const changed = changedFiles(copy.root);
        // `deploy` builds the remote in the copy and publishes it as 1.0.0, its package.json's version.
        await inCopy(copy.root, 'deploy.mjs', 'forum', '--to', dir);
        await use({ dir, changed });
      } finally {
        copy.remove();
        for (const folder of [dir, `${dir}-sourcemaps`]) rmSync(folder, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  stack: [
    async ({ team }, use) => {
      const stack = await startStack({ api: true, prerender: true, deployDir: team.dir });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
});

test.describe('a new team joins alone', { tag: '@shell' }, () => {
  test('new-remote, new-page, deploy and use serve its page with the same shell build; rollback removes it', async ({
    page,
    stack,
    team,
  }) => {
    test.setTimeout(120_000);
    expect(
      team.changed.filter((file) => !file.startsWith('remote-forum/')),
      'the team touched only its remote and the workspace list',
    ).toEqual(['package.json']);

    const shellHash = hashTree(join(ROOT, 'shell', 'dist'));
    const registry = () => JSON.parse(readFileSync(stack.registryFile, 'utf8'));
    const remotes = (...args: string[]) =>
      runScript('remotes.mjs', [...args, '--file', stack.registryFile, '--deploy-dir', team.dir]);
    stack.writeRegistry({ ...stack.registry, deployBaseUrl: '/deploy/' });
    const before = registry().remotes;
    const othersWork = async () => {
      for (const [path, title] of [
        ['/blog', 'Bài viết'],
        ['/signin', 'Đăng nhập'],
      ]) {
        await page.goto(path!);
        await expect(page).toHaveTitle(`DevHub - ${title}`);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Không tải được nội dung' })).toHaveCount(0);
      }
      // The account's route is there: a signed-out visitor is sent to sign in, and back after.
      await page.goto('/profile');
      await expect(page).toHaveURL((url) => url.pathname === '/signin' && url.search === '?redirect=%2Fprofile');
    };

    await page.goto('/forum');
    await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();

    let result = await remotes('use', 'forum', '1.0.0');
    expect(result.code, result.output).toBe(0);
    result = await remotes('doctor');
    expect(result.code, result.output).toBe(0);
    expect(registry().remotes.forum).toMatchObject({ version: '1.0.0', integrity: expect.stringMatching(/^sha384-/) });

    // Prerendered: the heading is in the HTML; then hydrated, inside the chrome.
    expect(await (await page.request.get('/forum')).text()).toContain(TITLE);
    const problems = consoleProblems(page);
    await page.goto('/forum');
    expect(await rendering(page)).toBe('hydrated');
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
    await expect(page).toHaveTitle(`DevHub - ${TITLE}`);
    expect(problems).toEqual([]);
    await othersWork();

    result = await remotes('rollback', 'forum');
    expect(result.code, result.output).toBe(0);
    expect(registry().remotes).toEqual(before);
    await page.goto('/forum');
    await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();
    await othersWork();

    expect(hashTree(join(ROOT, 'shell', 'dist')), "the shell's dist/ is untouched").toBe(shellHash);
  });
});

// Deploy and pin from any machine: two teams, each with its own working copy as its CI runner,
// publish and pin their remote on one object store (a real Azurite) at the same moment; the preview
// of that store's registry (`npm run preview -- --remotes azblob://…`: the browser reads the registry
// and the remotes from the store, the pages are those rendered next to the registry) shows both new
// versions, and the shell build is never touched. A rollback on the store is the same write
// (remotes-blob.test.mjs, the README's Storage block) and the preview takes up any new pin
// (storage-site.test.mjs): neither is shown again here.
import { join } from 'node:path';
import { startAzurite } from '../../scripts/test/azurite-test-server.mjs';
import { versionEntry } from '../../scripts/lib/registry-file.mjs';
import { CONNECTION_STRING_VARIABLE } from '../../scripts/lib/blob-service.mjs';
import { blobUrlOf, initBlobStorage } from '../../scripts/lib/storage-blob.mjs';
import { openStorage } from '../../scripts/lib/storage.mjs';
import { copyWorkspace } from '../../scripts/lib/workspace-copy.mjs';
import { copyBuild, replaceText, setBuildVersion } from '../support/built-copy.mjs';
import { runScript } from '../support/cli.ts';
import { expect, stackTest as test } from '../support/fixtures.ts';
import { hashTree } from '../support/files.mjs';
import { navigateInApp } from '../support/remote-page.ts';
import { ROOT } from '../support/stack.mjs';
import { publishBuilds, startStorePreview } from '../support/store-preview.mjs';

const FEATURED = 'Bài nổi bật';
const CONTAINER = 'teams';
const STORE = `azblob://${CONTAINER}/preview`;
const REGISTRY = `${STORE}/remotes.preview.json`;

type Copy = ReturnType<typeof copyWorkspace>;

test(
  'two teams deploy and pin at once from their own runners; the preview reads both from the store',
  { tag: '@shell' },
  async ({ page, stack }) => {
    // A hang budget, never a measurement: two stages of commands, each command stopped after
    // runScript's own budget (240 s), and the setup and the pages around them.
    test.setTimeout(900_000);
    const shellHash = hashTree(join(ROOT, 'shell', 'dist'));
    const saved = process.env[CONNECTION_STRING_VARIABLE];
    let azurite: Awaited<ReturnType<typeof startAzurite>> | undefined;
    const copies: Copy[] = [];
    let preview: Awaited<ReturnType<typeof startStorePreview>> | undefined;
    try {
      azurite = await startAzurite();
      process.env[CONNECTION_STRING_VARIABLE] = azurite.connectionString;
      const env = { [CONNECTION_STRING_VARIABLE]: azurite.connectionString };
      // Each pushed as soon as it exists: a failed second copy still leaves the first to remove.
      for (let team = 0; team < 2; team += 1) copies.push(copyWorkspace());
      const [catalogTeam, accountTeam] = copies as [Copy, Copy];
      // The environment as it stands: this workspace's builds published as 1.0.0 and pinned.
      await initBlobStorage(`azblob://${CONTAINER}`, []);
      const base = `${await blobUrlOf(STORE)}/`;
      const published = await publishBuilds(STORE, '1.0.0');
      const registry = { environment: 'preview', deployBaseUrl: base, allowedOverrideOrigins: [], remotes: {} };
      registry.remotes = Object.fromEntries(
        Object.entries(published).map(([name, { integrity, routes }]) => [
          name,
          { entry: versionEntry(registry, name, '1.0.0'), version: '1.0.0', integrity, routes },
        ]),
      );
      await openStorage(STORE).createIfAbsent('remotes.preview.json', JSON.stringify(registry, null, 2));
      preview = await startStorePreview({ registry: REGISTRY, apiTarget: stack.apiUrl });
      // What `init-storage` sets for the preview's origin: browsers there may read the store.
      await initBlobStorage(`azblob://${CONTAINER}`, [preview.url]);

      // Each team bumps its own remote in its own copy, and its runner builds it: the workspace's
      // build copied into the copy's dist/ as a build at 1.0.1 has it (the catalog's featured heading
      // changed in its code), then published with `deploy --no-build`, as a runner that ran `npm run build`.
      const bump = async (copy: Copy, dir: string) => {
        copy.edit(`${dir}/package.json`, (text) => text.replace(/"version": "[^"]+"/, '"version": "1.0.1"'));
        const dist = copyBuild(dir, { into: join(copy.root, dir, 'dist') });
        await setBuildVersion(dist, '1.0.1');
        return dist;
      };
      await replaceText(await bump(catalogTeam, 'remote-catalog'), FEATURED, `${FEATURED} 1.0.1`);
      await bump(accountTeam, 'remote-account');
      const run = (copy: Copy, script: string, ...args: string[]) => runScript(script, args, { root: copy.root, env });
      // The shell build the environment serves, which each runner checks against and renders with.
      const onRegistry = ['--registry', REGISTRY, '--shell', join(ROOT, 'shell', 'dist')];

      // Each stage a step: a failure or a timeout names the stage it happened in.
      const deployed = await test.step('both teams deploy 1.0.1', () =>
        Promise.all([
          run(catalogTeam, 'deploy.mjs', 'catalog', '--no-build', '--to', STORE),
          run(accountTeam, 'deploy.mjs', 'account', '--no-build', '--to', STORE),
        ]));
      for (const result of deployed) expect(result.code, result.output).toBe(0);
      const pinned = await test.step('both teams pin 1.0.1', () =>
        Promise.all([
          run(catalogTeam, 'remotes.mjs', 'use', 'catalog', '1.0.1', ...onRegistry),
          run(accountTeam, 'remotes.mjs', 'use', 'account', '1.0.1', ...onRegistry),
        ]));
      for (const result of pinned) {
        expect(result.code, result.output).toBe(0);
        expect(result.output).toMatch(/1\.0\.0 → 1\.0\.1/);
      }

      /** Every URL the page loaded from the store. */
      const fromStore: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.url().startsWith(base)) fromStore.push(request.url());
      });
      const heading = page.getByRole('heading', { name: new RegExp(`^${FEATURED}`) }).first();
      /** The remotes panel shows the catalog's loaded version, and each remote pinned at `version` in the store. */
      const expectPanel = async (version: string) => {
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.rendering)).toBe('hydrated');
        await navigateInApp(page, '/__remotes');
        const cells = (name: string) => page.locator(`tr[data-remote="${name}"] td`);
        await expect(cells('catalog').nth(0)).toHaveText(version);
        for (const [name, pkg] of [
          ['catalog', 'remote-catalog'],
          ['account', 'remote-account'],
        ] as const) {
          await expect(cells(name).nth(2)).toHaveText(`${base}${pkg}/${version}/mf-manifest.json`);
        }
      };

      // The page itself was rendered by `use` with both pins and read by the preview from the store, which
      // answers from its last good copy while it reads the store again: served once that read is in.
      const home = `${preview.url}/`;
      await expect.poll(async () => (await page.request.get(home)).text()).toContain(`${FEATURED} 1.0.1`);
      await page.goto(home);
      await expect(heading).toHaveText(`${FEATURED} 1.0.1`);
      await expectPanel('1.0.1');
      expect(fromStore).toContain(preview.registryUrl);
      expect(fromStore.some((url) => url.startsWith(`${base}remote-catalog/1.0.1/`))).toBe(true);

      expect(hashTree(join(ROOT, 'shell', 'dist')), "the shell's dist/ is byte-identical").toBe(shellHash);
    } finally {
      // Before its server goes: a page still loading from it would fail the test on that alone.
      await page.close();
      await preview?.stop();
      for (const copy of copies) copy.remove();
      await azurite?.stop();
      if (saved === undefined) delete process.env[CONNECTION_STRING_VARIABLE];
      else process.env[CONNECTION_STRING_VARIABLE] = saved;
    }
  },
);

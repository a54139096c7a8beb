// A remote team ships alone, so every contract its build relies on is checked against the shell
// build that serves the environment: before a pin (`remotes use`), before a new shell ships
// (`remotes doctor --shell`) and in the browser before the remote's code runs. The builds checked
// here are real, made in temporary copies of the workspace (and kept in e2e/.cache while their
// sources are unchanged); the source tree is never edited.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript } from '../support/cli.ts';
import { expect, stackTest } from '../support/fixtures.ts';
import { overrideBadge, proposeAndConfirm } from '../support/override-flow.ts';
import { errorPanel, expectRoutePage } from '../support/remote-page.ts';
import { ROOT } from '../support/stack.mjs';
import { variantBuild } from '../support/variant-build.mjs';

const SHARED_VERSION = JSON.parse(readFileSync(join(ROOT, 'shared/package.json'), 'utf8')).version as string;
const REACT_ROUTER_VERSION = JSON.parse(readFileSync(join(ROOT, 'node_modules/react-router/package.json'), 'utf8'))
  .version as string;

interface Builds {
  /** Holds remote-catalog 1.2.0 (built against a newer @devhub/shared) and 1.3.0 (a react-router export the shell does not ship). */
  deployDir: string;
  /** A shell build whose @devhub/shared lacks an export every remote uses. */
  olderShell: string;
}

/** A later @devhub/shared: a feature, so the next minor (the next patch below 1.0). */
const [major = 0, minor = 0, patch = 0] = SHARED_VERSION.split('.').map(Number);
const NEWER_SHARED = major === 0 ? `0.${minor}.${patch + 1}` : `${major}.${minor + 1}.0`;

/**
 * The three builds these tests are about, each made once per state of the sources (e2e/.cache):
 * what the bundler records of real imports is the point, so they are built, never edited.
 */
const variants = {
  /** The catalog 1.2.0 built against a later @devhub/shared with a new export it uses on its home page. */
  newerShared: () =>
    variantBuild({
      name: 'catalog-newer-shared',
      app: 'remote-catalog',
      inputs: { SHARED_VERSION, NEWER_SHARED },
      edit: (copy) => {
        copy.edit('remote-catalog/package.json', (text) => text.replace(/"version": "[^"]+"/, '"version": "1.2.0"'));
        copy.edit('shared/package.json', (text) =>
          text.replace(`"version": "${SHARED_VERSION}"`, `"version": "${NEWER_SHARED}"`),
        );
        copy.edit(
          'shared/src/i18n/strings.ts',
          (text) => `${text}\nexport const CATALOG_BANNER = 'Mới trên DevHub';\n`,
        );
        copy.edit(
          'remote-catalog/src/lib/catalog-text.ts',
          (text) =>
            `import { CATALOG_BANNER } from '@devhub/shared/strings';\n${text}\nexport const BANNER = CATALOG_BANNER;\n`,
        );
        return {};
      },
    }),
  /** The catalog 1.3.0, importing a react-router export the shell does not ship. */
  routerExport: () =>
    variantBuild({
      name: 'catalog-router-export',
      app: 'remote-catalog',
      edit: (copy) => {
        copy.edit('remote-catalog/package.json', (text) => text.replace(/"version": "[^"]+"/, '"version": "1.3.0"'));
        copy.edit(
          'remote-catalog/src/lib/catalog-text.ts',
          (text) =>
            `import { useBlocker } from 'react-router';\n${text}\nexport const BLOCKS_NAVIGATION = typeof useBlocker;\n`,
        );
        return {};
      },
    }),
  /** A shell whose @devhub/shared lacks an export every remote uses. */
  olderShell: () =>
    variantBuild({
      name: 'shell-older-shared',
      app: 'shell',
      edit: (copy) => {
        copy.edit('shared/src/hooks/use-content-ready.ts', (text) =>
          text.replace('export function useContentReady', 'function useContentReady'),
        );
        return {};
      },
    }),
};

const test = stackTest.extend<object, { builds: Builds }>({
  builds: [
    async ({}, use) => {
      const deployDir = mkdtempSync(join(tmpdir(), 'devhub-safe-deploys-'));
      try {
        for (const variant of [variants.newerShared, variants.routerExport]) {
          const { dist } = await variant();
          const deployed = await runScript('deploy.mjs', ['catalog', '--dist', dist, '--to', deployDir]);
          expect(deployed.code, deployed.output).toBe(0);
        }
        await use({ deployDir, olderShell: (await variants.olderShell()).dist });
      } finally {
        rmSync(deployDir, { recursive: true, force: true });
        rmSync(`${deployDir}-sourcemaps`, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

test.describe('safe independent deploys', { tag: '@shell' }, () => {
  test('refuses to pin a catalog built against a newer @devhub/shared export, naming the export', async ({
    stack,
    builds,
  }) => {
    const before = readFileSync(stack.registryFile, 'utf8');
    const refused = await runScript('remotes.mjs', [
      'use',
      'catalog',
      '1.2.0',
      '--file',
      stack.registryFile,
      '--deploy-dir',
      builds.deployDir,
    ]);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain(
      `catalog: needs export "CATALOG_BANNER" of @devhub/shared/strings; the shell ships @devhub/shared/strings ${SHARED_VERSION} without it`,
    );
    expect(refused.output).toMatch(
      new RegExp(
        `catalog: needs @devhub/shared/strings \\^[\\d.]+; the shell provides ${SHARED_VERSION.replaceAll('.', '\\.')}`,
      ),
    );
    expect(readFileSync(stack.registryFile, 'utf8'), 'the registry is untouched').toBe(before);
  });

  test('does not run that catalog when it is forced through ?mf-override= and confirmed: the slot says why, the chrome keeps working', async ({
    page,
    stack,
    builds,
  }) => {
    const origin = await stack.serveExtra(join(builds.deployDir, 'remote-catalog', '1.2.0'));
    // A developer's machine: the only environment whose overrides may point at 127.0.0.1.
    stack.writeRegistry({ ...stack.registry, environment: 'local', allowedOverrideOrigins: [origin] });
    try {
      await proposeAndConfirm(page, 'catalog', `${origin}/mf-manifest.json`);
      await page.goto('/');
      const panel = errorPanel(page);
      await expect(panel).toContainText(
        'Không tải được trang chủ: bản build của phần này không tương thích với shell đang chạy',
      );
      await expect(panel).toContainText(
        `catalog cần export "CATALOG_BANNER" của @devhub/shared/strings, bản @devhub/shared/strings ${SHARED_VERSION} của shell không có`,
      );
      await expect(overrideBadge(page)).toContainText(origin);

      // Header, sidebar and footer stay whole and keep working around the refused slot.
      const theme = page.getByRole('button', { name: /Giao diện/ });
      await theme.click();
      await expect(page.locator('html')).toHaveClass(/light|dark/);
      await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Bài viết' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/blog');
      await expect(panel).toContainText('Không tải được danh sách nội dung');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Tài liệu' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/docs');
      await page.getByRole('banner').getByRole('link', { name: 'Đăng nhập', exact: true }).click();
      await expectRoutePage(page, '/signin');
    } finally {
      stack.writeRegistry(stack.registry);
    }
  });

  test('refuses to pin a catalog that imports a react-router export the shell does not ship, naming the export', async ({
    stack,
    builds,
  }) => {
    const refused = await runScript('remotes.mjs', [
      'use',
      'catalog',
      '1.3.0',
      '--file',
      stack.registryFile,
      '--deploy-dir',
      builds.deployDir,
    ]);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain(
      `catalog: needs export "useBlocker" of react-router; the shell ships react-router ${REACT_ROUTER_VERSION} without it`,
    );
  });

  test('fails doctor --shell for a shell build older than the pinned remotes need, naming each remote', async ({
    stack,
    builds,
  }) => {
    const current = await runScript('remotes.mjs', ['doctor', '--file', stack.registryFile]);
    expect(current.code, current.output).toBe(0);

    const older = await runScript('remotes.mjs', [
      'doctor',
      '--file',
      stack.registryFile,
      '--shell',
      builds.olderShell,
    ]);
    expect(older.code, older.output).toBe(1);
    for (const remote of ['catalog', 'auth', 'account']) {
      expect(older.output).toContain(
        `${remote}: needs export "useContentReady" of @devhub/shared/use-content-ready; the shell ships @devhub/shared/use-content-ready ${SHARED_VERSION} without it`,
      );
    }
  });
});

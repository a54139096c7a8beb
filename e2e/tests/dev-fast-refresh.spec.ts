// Fast Refresh under `npm start`: an edit on disk to a remote's component, or to the shell's,
// shows in place inside the running shell, with what the visitor typed and moved still there and
// no page load (a marker set on `window` before the edit survives).
//
// The edits are made to the workspace copy the dev servers run from and watch (dev-start.ts), never
// to the working tree, which the rest of `npm test` (Jest, the builds) reads at the same time; each
// is put back byte for byte as soon as its text showed (or the test failed), so the next test starts
// from the same sources. No other dev test runs meanwhile (the `dev` project has one worker,
// playwright.config.ts).
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect as expectWithin20s, test } from '../support/dev-start.ts';
import { markerOf, setMarker } from '../support/reload-marker.ts';
import { ROOT } from '../support/stack.mjs';

// Budgets for a hang, not timings: each edit rebuilds an app and may reload the page, and a stack
// just started serves its first page slowly. On a machine running another test suite beside this
// one, a restore's reload once took longer than the default 20 s.
const expect = expectWithin20s.configure({ timeout: 60_000 });

const FOOTER_DESCRIPTION =
  'Nơi tập hợp tài nguyên học tập, công cụ phần mềm và nội dung giáo dục dành cho lập trình viên.';

interface Edit {
  file: string;
  from: string;
  to: string;
}

/**
 * Replaces a source file of the copy whole, as an editor that saves atomically does: written beside
 * the copy (same file system, nothing watches it), then renamed over the source. A write in place
 * truncates the file first, and a watcher that read it in between built an empty module: the page
 * then broke on that build, not on the edit under test.
 */
function saveSource(root: string, file: string, text: string): void {
  const draft = join(dirname(root), `${basename(root)}.${basename(file)}.draft`);
  writeFileSync(draft, text);
  renameSync(draft, join(root, file));
}

/** Makes the edit, runs `check` while it holds, then restores the file exactly as it was. */
async function withEdit(root: string, edit: Edit, check: () => Promise<void>): Promise<void> {
  const original = readFileSync(join(root, edit.file), 'utf8');
  if (!original.includes(edit.from)) throw new Error(`${edit.file} no longer contains ${JSON.stringify(edit.from)}`);
  try {
    saveSource(root, edit.file, original.replace(edit.from, edit.to));
    await check();
  } finally {
    saveSource(root, edit.file, original);
  }
}

async function expectNoReload(page: Page): Promise<void> {
  expect(await markerOf(page), 'the page was updated in place, not loaded again').toBe(1);
}

/** An edit of the catalog's 'Bài nổi bật' heading text, in a module many of its components import. */
const FEATURED_EDIT: Edit = {
  file: 'remote-catalog/src/lib/catalog-text.ts',
  from: "featured: 'Bài nổi bật'",
  to: "featured: 'Bài nổi bật (sửa)'",
};

/**
 * Moves the home page's carousel to its second group, then edits the catalog's heading text on
 * disk and waits for the new text: the carousel must still show that group, in the same document.
 */
async function editFeaturedKeepingTheCarousel(page: Page, root: string): Promise<void> {
  const secondGroup = page.getByRole('button', { name: 'Chuyển đến nhóm 2' });
  await page.getByRole('button', { name: 'Trang trình chiếu sau' }).click();
  await expect(secondGroup).toHaveAttribute('aria-current', 'true');
  await setMarker(page);
  await withEdit(root, FEATURED_EDIT, async () => {
    await expect(page.getByRole('heading', { name: 'Bài nổi bật (sửa)', exact: true })).toBeVisible();
  });
  await expect(secondGroup).toHaveAttribute('aria-current', 'true');
  await expectNoReload(page);
  // The restored text comes back in place too.
  await expect(page.getByRole('heading', { name: 'Bài nổi bật', exact: true })).toBeVisible();
  await expectNoReload(page);
}

test.describe('Fast Refresh through the shell (npm start)', () => {
  // One stack, one tree: these edits run one after another.
  // A test waits for up to three rebuilds: twice the usual budget.
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  /** What the hot clients said in the console (one line each time one reloads the page, saying why). */
  let said: string[] = [];
  test.beforeEach(({ page }) => {
    said = [];
    page.on('console', (message) => {
      if (message.text().startsWith('[devhub]')) said.push(message.text());
    });
  });
  test.afterEach(({}, testInfo) => {
    if (said.length > 0) testInfo.annotations.push({ type: 'console', description: said.join('\n') });
  });

  test("a remote's edit (the catalog's 'Bài nổi bật') shows in place: search text and carousel kept", async ({
    page,
    devStart,
  }) => {
    await page.goto('/');
    const featured = page.getByRole('heading', { name: 'Bài nổi bật', exact: true });
    await expect(featured).toBeVisible();
    const search = page.getByRole('banner').getByRole('searchbox');
    await search.fill('react hooks');
    await editFeaturedKeepingTheCarousel(page, devStart.root);
    await expect(search).toHaveValue('react hooks');
  });

  // Its own page runs only its `main` entry: with the container entry beside it, two runtimes under one
  // uniqueName shared the hot update callback and `main`'s updates never arrived.
  test('a remote running alone (npm start -w remote-catalog) shows its edit in place, the carousel kept', async ({
    page,
    devStart,
  }) => {
    await page.goto(`http://localhost:${devStart.ports.catalog}/`);
    await expect(page.getByText('catalog · chạy riêng')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bài nổi bật', exact: true })).toBeVisible();
    await editFeaturedKeepingTheCarousel(page, devStart.root);
  });

  test('an edit to the sign-up page shows in place, the typed field kept', async ({ page, devStart }) => {
    await page.goto('/signup');
    const subtitle = 'Tạo tài khoản miễn phí để lưu và tải tài nguyên học tập.';
    await expect(page.getByText(subtitle, { exact: true })).toBeVisible();
    const name = page.getByLabel('Họ tên');
    await name.fill('Nguyễn Thị Hoa');
    await setMarker(page);

    await withEdit(
      devStart.root,
      { file: 'remote-auth/src/lib/auth-text.ts', from: subtitle, to: `${subtitle} (sửa)` },
      async () => {
        await expect(page.getByText(`${subtitle} (sửa)`, { exact: true })).toBeVisible();
      },
    );
    await expect(name).toHaveValue('Nguyễn Thị Hoa');
    await expectNoReload(page);
  });

  test("an edit to the shell's footer shows in place, the search text kept", async ({ page, devStart }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    const search = page.getByRole('banner').getByRole('searchbox');
    await search.fill('typescript');
    await setMarker(page);

    await withEdit(
      devStart.root,
      {
        file: 'shell/src/features/layout/components/footer.tsx',
        from: '<p className={styles.brand}>{PRODUCT_NAME}</p>',
        to: '<p className={styles.brand}>{PRODUCT_NAME} (sửa)</p>',
      },
      async () => {
        await expect(footer.getByText('(sửa)')).toBeVisible();
      },
    );
    await expect(search).toHaveValue('typescript');
    await expectNoReload(page);
  });

  test("a change to a remote page's exports reloads the page, and one console line says why", async ({
    page,
    devStart,
  }) => {
    await page.goto('/');
    const featured = page.getByRole('heading', { name: 'Bài nổi bật', exact: true });
    await expect(featured).toBeVisible();
    await setMarker(page);

    const reloadLine =
      /^\[devhub\] catalog: \S*home-page\.tsx changed in a way Fast Refresh cannot apply in place \(.+\); reloading the page\.$/;
    // The page module the shell loads through federation (it awaits its data at the top level).
    await withEdit(
      devStart.root,
      {
        file: 'remote-catalog/src/app/exposes/home-page.tsx',
        from: "export { HomePage } from '../../features/home/components/home-page';",
        to: "export { HomePage } from '../../features/home/components/home-page';\nexport const EDITED = true;",
      },
      async () => {
        await expect.poll(() => markerOf(page), { message: 'the page was loaded again' }).toBeUndefined();
        await expect(featured).toBeVisible();
        expect(said).toEqual([expect.stringMatching(reloadLine)]);
        await setMarker(page);
      },
    );
    // Putting the export back is another change of exports, which shows nothing: waiting for its
    // reload leaves the next test a page no rebuild is still on its way to.
    await expect.poll(() => markerOf(page), { message: 'the page was loaded again for the restore' }).toBeUndefined();
    await expect(featured).toBeVisible();
    expect(said).toEqual([expect.stringMatching(reloadLine), expect.stringMatching(reloadLine)]);
  });

  test('an update whose chunk never arrives reloads the page, and one console line says why', async ({
    page,
    devStart,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bài nổi bật', exact: true })).toBeVisible();
    await setMarker(page);
    // As when the dev server built again before the page fetched the update: the chunk is lost on the way.
    const hotChunk = /\.hot-update\.js$/;
    await page.route(hotChunk, (route) => route.abort());

    await withEdit(devStart.root, FEATURED_EDIT, async () => {
      await expect.poll(() => markerOf(page), { message: 'the page was loaded again' }).toBeUndefined();
      expect(said).toEqual([
        expect.stringMatching(
          /^\[devhub\] catalog: the update could not be applied \(Loading hot update chunk .+\); reloading the page\.$/,
        ),
      ]);
      // The page it loads again runs the build it could not follow.
      await expect(page.getByRole('heading', { name: 'Bài nổi bật (sửa)', exact: true })).toBeVisible();
      await page.unroute(hotChunk);
      await setMarker(page);
    });
    // Its updates arrive again: the restored text comes in place.
    await expect(page.getByRole('heading', { name: 'Bài nổi bật', exact: true })).toBeVisible();
    await expectNoReload(page);
  });

  test('a syntax error in a remote shows the overlay over the page; the fix updates in place', async ({
    page,
    devStart,
  }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('searchbox');
    await search.fill('overlay');
    await expect(page.getByRole('heading', { name: 'Bài nổi bật', exact: true })).toBeVisible();
    await setMarker(page);
    const overlay = page
      .frameLocator('#rspack-dev-server-client-overlay')
      .locator('#rspack-dev-server-client-overlay-div');

    const file = 'remote-catalog/src/lib/catalog-text.ts';
    const original = readFileSync(join(devStart.root, file), 'utf8');
    await withEdit(devStart.root, { file, from: "featured: 'Bài nổi bật'", to: "featured: 'Bài nổi bật" }, async () => {
      await expect(overlay).toContainText('catalog-text.ts');
      await expect(page.getByRole('heading', { name: 'Bài nổi bật', exact: true })).toBeVisible();
      await expectNoReload(page);
      // The fix (withEdit puts the original back after it).
      saveSource(devStart.root, file, original.replace("featured: 'Bài nổi bật'", "featured: 'Bài nổi bật (sửa)'"));
      await expect(page.getByRole('heading', { name: 'Bài nổi bật (sửa)', exact: true })).toBeVisible();
      await expect(overlay).toHaveCount(0);
      expect(said).toEqual([]);
      await expectNoReload(page);
    });
    await expect(page.getByRole('heading', { name: 'Bài nổi bật', exact: true })).toBeVisible();
    await expect(search).toHaveValue('overlay');
    await expectNoReload(page);
    expect(said).toEqual([]);
  });

  test('a change to @devhub/shared reloads the page, and one console line says why', async ({ page, devStart }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    await setMarker(page);

    await withEdit(
      devStart.root,
      { file: 'shared/src/i18n/strings.ts', from: FOOTER_DESCRIPTION, to: `${FOOTER_DESCRIPTION} (sửa)` },
      async () => {
        await expect(footer.getByText(`${FOOTER_DESCRIPTION} (sửa)`, { exact: true })).toBeVisible();
        // Asked while the edit holds: putting it back reloads the page once more.
        expect(await markerOf(page)).toBeUndefined();
        expect(said).toEqual([
          expect.stringMatching(/^\[devhub\] shell: @devhub\/shared changed \(\S+\), .+; reloading the page\.$/),
        ]);
      },
    );
    // The page comes back with the text as it was (another reload, for the restore).
    await expect(footer.getByText(FOOTER_DESCRIPTION, { exact: true })).toBeVisible();
  });
});

// The production builds (`npm run build`, which `npm run test:e2e` runs first) carry none of it.
test.describe('production bundles', () => {
  const BUILDS = ['shell/dist', 'shell/dist-server', 'remote-catalog/dist', 'remote-auth/dist', 'remote-account/dist'];
  /** What a development bundle with Fast Refresh has, and none of a production one may. */
  const MARKERS = [
    '$RefreshReg$',
    '$RefreshSig$',
    'react-refresh',
    'injectIntoGlobalHook',
    'performReactRefresh',
    '__devhubReactRefresh',
    'hot-update',
    'webpackHotUpdate',
    'webpackHot',
    'dev-server/client',
  ];

  test('carry no React Refresh runtime and no hot update client', () => {
    const found: string[] = [];
    let scanned = 0;
    for (const build of BUILDS) {
      const dir = join(ROOT, build);
      expect(existsSync(dir), `${build} exists (npm run build)`).toBe(true);
      for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(m?js|html)$/.test(file)) continue;
        scanned += 1;
        const text = readFileSync(join(dir, file), 'utf8');
        for (const marker of MARKERS) if (text.includes(marker)) found.push(`${build}/${file}: ${marker}`);
      }
    }
    expect(scanned).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });
});

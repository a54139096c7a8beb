// The foundation's promises, checked in a real browser against the production build: one
// React, one session store, one toaster; a dead remote never blanks the shell; a remote's URL
// comes from remotes.json read at runtime. On this worker's own stack, since some tests
// rewrite the remotes.json it serves.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, stackTest as test } from '../support/fixtures.ts';
import { sealVersion, sri } from '../../scripts/lib/integrity.mjs';
import { hashTree } from '../support/files.mjs';
import { recordInsertedText } from '../support/inserted-text.ts';
import { errorPanel, expectRoutePage } from '../support/remote-page.ts';
import { ONE_ROUTE_PER_PAGE } from '../support/routes.ts';
import { ROOT } from '../support/stack.mjs';

/** The layout of each page, at its first route: a page's routes share its layout (its route table). */
const LAYOUTS: Record<string, 'main' | 'account' | 'standalone'> = {
  '/': 'main',
  '/blog': 'main',
  '/signin': 'standalone',
  '/signup': 'standalone',
  '/profile': 'account',
  '/repo': 'account',
  '/cart': 'account',
  '/setting': 'account',
};

/** The page's effects ran in the commit that mounted it: its content-ready mark comes before the shell's mount mark. */
async function expectContentInTheMountingCommit(page: Page, module: string) {
  const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
  // In one commit the page's own effects run before the shell's mount mark, which follows it.
  const contentReady = marks.indexOf(`content-ready:${module}`);
  expect(contentReady, 'content-ready is marked').toBeGreaterThanOrEqual(0);
  expect(marks.indexOf(`remote-mounted:${module}`), 'remote-mounted is marked after content-ready').toBeGreaterThan(
    contentReady,
  );
}

/**
 * The shell's loader fetched neither the registry nor the manifest itself: each of its requests took a
 * `<link rel="preload">` the warm-up left (the registry's revalidated, `no-cache`); the warm-up's own
 * manifest request is the one `fetch`. The remote's entry and the page's chunk preloaded by the warm-up.
 */
async function expectWarmedUp(page: Page, catalogOrigin: string) {
  const requests = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(({ name, initiatorType }) => ({
      path: new URL(name).pathname,
      origin: new URL(name).origin,
      initiatorType,
    })),
  );
  const catalog = requests.filter((request) => request.origin === catalogOrigin);
  const registry = requests.filter((request) => request.path === '/remotes.json');
  expect(
    registry.map((request) => request.initiatorType),
    "the registry: index.html's preload, the warm-up's for the shell",
  ).toEqual(['link', 'link']);
  expect(
    catalog.filter((request) => request.path === '/mf-manifest.json').map((request) => request.initiatorType),
    "the manifest: the warm-up's read, its preload for the shell",
  ).toEqual(['fetch', 'link']);
  const preloaded = catalog.filter((request) => request.initiatorType === 'link').map((request) => request.path);
  expect(preloaded, 'the entry preloaded by the warm-up').toContain('/remoteEntry.js');
  expect(
    preloaded.some((path) => path.startsWith('/__federation_expose_HomePage')),
    "the page's own chunk preloaded by the warm-up",
  ).toBe(true);
}

test.describe('federation in the browser', { tag: '@shell' }, () => {
  test('knows the layout of every page of the table', () => {
    expect(Object.keys(LAYOUTS).sort()).toEqual(ONE_ROUTE_PER_PAGE.map((route) => route.path).sort());
  });

  for (const { path, module } of ONE_ROUTE_PER_PAGE) {
    const layout = LAYOUTS[path];
    // A full load of / and /blog also shows their data arriving with them; the one of /, the warm-up.
    const dataAlreadyIn = path === '/' || path === '/blog';
    const warmedUp = path === '/';
    test.describe(() => {
      test.use({ signedIn: layout === 'account' });

      test(`renders ${path} (${module}) in the ${layout} layout${dataAlreadyIn ? ', its data already in' : ''}${warmedUp ? ', its remote started by the warm-up' : ''}`, async ({
        page,
        stack,
      }) => {
        if (warmedUp) {
          // The bundle held until the warm-up has hinted the page's files, as a network of any
          // latency orders them (a local server can answer the bundle first).
          let warmedUpNow = () => {};
          const hinted = new Promise<void>((resolve) => (warmedUpNow = resolve));
          page.on('request', (request) => {
            if (request.url() === `${stack.originOf('catalog')}/remoteEntry.js`) warmedUpNow();
          });
          await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
            await Promise.race([hinted, new Promise((resolve) => setTimeout(resolve, 5_000))]);
            await route.continue();
          });
        }
        await page.goto(path);
        await expectRoutePage(page, path);
        await expect(page, `${path} stays on its path`).toHaveURL((url) => url.pathname === path);
        const sidebar = page.getByRole('navigation', { name: 'Điều hướng chính' });
        const header = page.getByRole('banner');
        if (layout === 'main') await expect(sidebar, 'sidebar in the main layout').toBeVisible();
        else await expect(sidebar, 'sidebar only in the main layout').toBeHidden();
        if (layout === 'standalone') await expect(header, 'no header on stand-alone pages').toBeHidden();
        else await expect(header, 'header except on stand-alone pages').toBeVisible();
        if (dataAlreadyIn) {
          await test.step('its content is on screen in the commit that mounts it', () =>
            expectContentInTheMountingCommit(page, module));
        }
        if (warmedUp) {
          await test.step("index.html's warm-up starts the page's remote before the shell's bundle runs", () =>
            expectWarmedUp(page, stack.originOf('catalog')));
        }
      });
    });
  }

  test('shows "Không tìm thấy trang" in the main layout for unknown paths, and preloads a remote when a link to its route is hovered', async ({
    page,
    stack,
  }) => {
    const authRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(stack.originOf('auth'))) authRequests.push(request.url());
    });
    await page.goto('/khong-co-trang-nay');
    await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
    await expect(page).toHaveTitle('DevHub - Không tìm thấy trang');

    await test.step('the hover preloads remote-auth, and nothing before it', async () => {
      expect(authRequests, 'nothing fetched from remote-auth before any intent').toEqual([]);
      await page.getByRole('link', { name: 'Đăng nhập', exact: true }).hover();
      await expect
        .poll(() => authRequests.some((url) => url.includes('remoteEntry')), 'the entry is preloaded')
        .toBe(true);
      expect(
        authRequests.some((url) => url.endsWith('/mf-manifest.json')),
        'the manifest is preloaded',
      ).toBe(true);
    });
  });

  test('downloads one react-dom and shares one store and one toaster across all three remotes', async ({ page }) => {
    const insertions = await recordInsertedText(page);
    const reactDomCopies: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.text().catch(() => '');
      if (body.includes('rendererPackageName:"react-dom"')) reactDomCopies.push(response.url());
    });
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({ status: 200, json: { data: { access_token: 'tok-123' } } }),
    );
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({
        status: 200,
        json: { data: { username: 'an', displayName: 'Nguyễn An', email: 'an@example.vn' } },
      }),
    );

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bài nổi bật' }).first()).toBeVisible();

    await test.step("a toast raised inside remote-auth lands in the shell's one toaster", async () => {
      await page.getByRole('link', { name: 'Đăng nhập', exact: true }).click();
      await page.getByRole('button', { name: /Google/ }).click();
      await expect.poll(() => insertions('tính năng đang phát triển'), 'the toast was shown').toBeGreaterThan(0);
    });

    await test.step("the remote's store is the shell's: signing in there flips the shell's header", async () => {
      await page.getByLabel('Tên đăng nhập').fill('an');
      await page.getByLabel('Mật khẩu').fill('matkhau123');
      await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
      await expect(page.getByRole('button', { name: /Mở menu tài khoản/ })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe('tok-123');
    });

    await page.getByRole('button', { name: /Mở menu tài khoản/ }).click();
    await page.getByRole('link', { name: 'Hồ sơ' }).click();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

    const singletons = ['react', 'react-dom', 'react-router', '@devhub/shared/session-store', 'react-hot-toast'];
    const share = await page.evaluate((names) => {
      type Versions = Record<
        string,
        { loaded?: boolean; loading?: unknown; treeShaking?: { loaded?: boolean }; from: string }
      >;
      const scope =
        (
          globalThis as unknown as {
            __FEDERATION__?: { __SHARE__?: Record<string, { default?: Record<string, Versions> }> };
          }
        ).__FEDERATION__?.__SHARE__ ?? {};
      const result: Record<string, string[]> = {};
      for (const shares of Object.values(scope)) {
        for (const [name, versions] of Object.entries(shares.default ?? {})) {
          if (!names.includes(name)) continue;
          result[name] = Object.values(versions)
            .filter((info) => info.loaded || info.loading || info.treeShaking?.loaded)
            .map((info) => info.from);
        }
      }
      return result;
    }, singletons);
    expect(reactDomCopies, 'one react-dom download').toHaveLength(1);
    for (const name of singletons) expect(share[name], `${name} is loaded once, from the shell`).toEqual(['shell']);
  });

  test.describe('signed in', () => {
    test.use({ signedIn: true });

    test('keeps the shell working while the catalog remote is down, and "Thử lại" loads it without a reload', async ({
      page,
      stack,
    }) => {
      const catalogPattern = `${stack.originOf('catalog')}/**`;
      await page.route(catalogPattern, (route) => route.abort('connectionrefused'));

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Không tải được nội dung' })).toBeVisible();
      await expect(page.getByText('Không tải được trang chủ')).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();

      await test.step('another remote is unaffected', async () => {
        await page.getByRole('button', { name: /Mở menu tài khoản/ }).click();
        await page.getByRole('link', { name: 'Hồ sơ' }).click();
        await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
        await page.getByRole('link', { name: /về trang chủ/ }).click();
        await expect(page.getByRole('button', { name: 'Thử lại' })).toBeVisible();
      });

      await test.step('the remote comes back: "Thử lại" loads it in place (the marker proves no reload)', async () => {
        await page.evaluate(() => {
          (window as unknown as { noReloadMarker: boolean }).noReloadMarker = true;
        });
        await page.unroute(catalogPattern);
        await page.getByRole('button', { name: 'Thử lại' }).click();
        await expect(page.getByRole('heading', { name: 'Bài nổi bật' }).first()).toBeVisible();
        expect(await page.evaluate(() => (window as unknown as { noReloadMarker?: boolean }).noReloadMarker)).toBe(
          true,
        );
      });
    });

    test('follows remotes.json on reload: another account build, same shell dist', async ({ page, stack }) => {
      const shellDist = join(ROOT, 'shell', 'dist');
      const before = hashTree(shellDist);
      const altDir = mkdtempSync(join(tmpdir(), 'devhub-alt-account-'));
      try {
        cpSync(join(ROOT, 'remote-account', 'dist'), altDir, { recursive: true });
        // Another build: its chunks changed, and their digests in its runtime with them (as its build writes them).
        const digests = new Map<string, string>();
        for (const name of readdirSync(altDir).filter((file) => file.endsWith('.js'))) {
          const path = join(altDir, name);
          const before = readFileSync(path);
          writeFileSync(path, before.toString('utf8').replaceAll('"Profile"', '"Profile (bản thử nghiệm)"'));
          const after = readFileSync(path);
          if (name !== 'remoteEntry.js' && !after.equals(before)) digests.set(sri(before), sri(after));
        }
        const entryFile = join(altDir, 'remoteEntry.js');
        let entry = readFileSync(entryFile, 'utf8');
        for (const [from, to] of digests) entry = entry.replaceAll(from, to);
        writeFileSync(entryFile, entry);
        const altUrl = await stack.serveExtra(altDir);

        await page.goto('/profile');
        await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();

        // Pinned as `use` pins it, with its digest: outside the local environment nothing runs a pin without one.
        stack.writeRegistry({
          ...stack.registry,
          remotes: {
            ...stack.registry.remotes,
            account: { entry: `${altUrl}/mf-manifest.json`, integrity: sealVersion(altDir) },
          },
        });
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Profile (bản thử nghiệm)' })).toBeVisible();
      } finally {
        stack.writeRegistry(stack.registry);
        rmSync(altDir, { recursive: true, force: true });
      }
      expect(hashTree(shellDist), "the shell's dist/ is untouched").toBe(before);
    });
  });

  test('renders the chrome while remotes.json hangs, explains the wait, and "Thử lại" loads the page once the registry answers', async ({
    page,
  }) => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let held = true;
    await page.route('**/remotes.json', async (route) => {
      // Every read hangs for 30 s, or until the test lets the registry answer.
      if (held) await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      await route.continue().catch(() => undefined);
    });
    let registryAnswers = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('/remotes.json')) registryAnswers += 1;
    });

    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('status'), 'the content area holds its place').toHaveText('Đang tải nội dung…');
    // The order of events, not a duration (the bench times it): the chrome is up while the registry is still held.
    expect(registryAnswers, 'the chrome rendered before the registry answered').toBe(0);

    await expect(errorPanel(page)).toContainText(
      'Không đọc được danh sách remote (remotes.json): /remotes.json không phản hồi sau 8 giây',
      { timeout: 15_000 },
    );
    held = false;
    answer();
    await page.getByRole('button', { name: 'Thử lại' }).click();
    await expectRoutePage(page, '/');
  });
});

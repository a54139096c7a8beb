// The foundation's promises, checked in a real browser against the production build:
// one React, one session store, one toaster; a dead remote never blanks the shell; a
// remote's URL comes from remotes.json read at runtime.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openPage } from '../support/browser.mjs';
import { useStack } from '../support/suite.mjs';
import { startDevServer } from '../support/dev-server.mjs';
import { ROOT } from '../support/stack.mjs';
import { hashTree } from '../support/files.mjs';

const SIGNED_IN = () => localStorage.setItem('access_token', 'e2e-token');

describe('federation in the browser', () => {
  const suite = useStack();

  it('renders every route of the table with no page error', async () => {
    const expectations = [
      ['/', 'main', false],
      ['/blog', 'main', false],
      ['/software', 'main', false],
      ['/docs', 'main', false],
      ['/courses', 'main', false],
      ['/signin', 'standalone', false],
      ['/signup', 'standalone', false],
      ['/profile', 'account', true],
      ['/repo', 'account', true],
      ['/cart', 'account', true],
      ['/setting', 'account', true],
    ];
    for (const [path, layout, signedIn] of expectations) {
      const { context, page, errors } = await openPage(suite.browser);
      if (signedIn) await context.addInitScript(SIGNED_IN);
      await page.goto(`${suite.stack.shellUrl}${path}`);
      await page.waitForFunction(
        (id) => performance.getEntriesByType('mark').some((m) => m.name.startsWith(id)),
        'remote-mounted:',
      );
      assert.equal(new URL(page.url()).pathname, path, `${path} stays on its path`);
      const hasSidebar = await page.getByRole('navigation', { name: 'Điều hướng chính' }).isVisible();
      const hasHeader = await page.getByRole('banner').isVisible();
      assert.equal(hasSidebar, layout === 'main', `${path}: sidebar only in the main layout`);
      assert.equal(hasHeader, layout !== 'standalone', `${path}: header except on stand-alone pages`);
      assert.deepEqual(errors, [], `${path}: no page error`);
      await context.close();
    }
  });

  it('shows a Vietnamese 404 in the main layout for unknown paths', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.goto(`${suite.stack.shellUrl}/khong-co-trang-nay`);
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
    assert.ok(await page.getByRole('navigation', { name: 'Điều hướng chính' }).isVisible());
    assert.equal(await page.title(), 'DevHub - Không tìm thấy trang');
    await context.close();
  });

  it("lists in each remote's manifest the shared modules every exposed page needs", () => {
    const requiresOf = (dir, name) =>
      JSON.parse(readFileSync(join(ROOT, dir, 'dist', 'mf-manifest.json'), 'utf8')).exposes.find(
        (expose) => expose.name === name,
      ).requires;
    const signIn = requiresOf('remote-auth', 'SignInPage');
    for (const name of ['react', 'react-hook-form', 'react-hot-toast', '@devhub/shared/api-client']) {
      assert.ok(signIn.includes(name), `SignInPage requires ${name}: ${signIn.join(', ')}`);
    }
    const home = requiresOf('remote-catalog', 'HomePage');
    assert.ok(home.includes('react-router') && !home.includes('react-hook-form'), home.join(', '));
  });

  it('downloads one react-dom and shares one store and one toaster across all three remotes', async () => {
    const { context, page, errors } = await openPage(suite.browser);
    const reactDomCopies = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.text().catch(() => '');
      if (body.includes('rendererPackageName:"react-dom"')) reactDomCopies.push(response.url());
    });
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: { access_token: 'tok-123' } }),
      }),
    );
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: { username: 'an', displayName: 'Nguyễn An', email: 'an@example.vn' } }),
      }),
    );

    await page.goto(`${suite.stack.shellUrl}/`);
    await page.getByRole('heading', { name: 'Bài nổi bật' }).first().waitFor();

    // A toast raised inside remote-auth lands in the shell's one toaster.
    await page.getByRole('link', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: /Google/ }).click();
    await page.getByText('tính năng đang phát triển').waitFor();

    // The remote's store is the shell's store: signing in there flips the shell's header.
    await page.getByLabel('Tên đăng nhập').fill('an');
    await page.getByLabel('Mật khẩu').fill('matkhau123');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: /Mở menu tài khoản/ }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('access_token')), 'tok-123');

    await page.getByRole('button', { name: /Mở menu tài khoản/ }).click();
    await page.getByRole('link', { name: 'Hồ sơ' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    const share = await page.evaluate(() => {
      const scope = globalThis.__FEDERATION__?.__SHARE__ ?? {};
      const result = {};
      for (const shares of Object.values(scope)) {
        for (const [name, versions] of Object.entries(shares.default ?? {})) {
          if (!['react', 'react-dom', 'react-router', '@devhub/shared/session-store', 'react-hot-toast'].includes(name))
            continue;
          result[name] = Object.values(versions)
            .filter((info) => info.loaded || info.loading || info.treeShaking?.loaded)
            .map((info) => info.from);
        }
      }
      return result;
    });
    assert.equal(reactDomCopies.length, 1, `one react-dom download, got ${reactDomCopies.join(', ')}`);
    for (const name of ['react', 'react-dom', 'react-router', '@devhub/shared/session-store', 'react-hot-toast']) {
      assert.deepEqual(share[name], ['shell'], `${name} is loaded once, from the shell`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps the shell working while the catalog remote is down, and retries without a reload', async () => {
    const { context, page } = await openPage(suite.browser);
    await context.addInitScript(SIGNED_IN);
    const catalogPattern = `${suite.stack.remotes.catalog}/**`;
    await page.route(catalogPattern, (route) => route.abort('connectionrefused'));

    await page.goto(`${suite.stack.shellUrl}/`);
    await page.getByRole('heading', { name: 'Không tải được nội dung' }).waitFor();
    assert.ok(await page.getByText('Không tải được trang chủ').isVisible());
    assert.ok(await page.getByRole('banner').isVisible());
    assert.ok(await page.getByRole('navigation', { name: 'Điều hướng chính' }).isVisible());
    assert.ok(await page.getByRole('contentinfo').isVisible());

    // Another remote is unaffected.
    await page.getByRole('button', { name: /Mở menu tài khoản/ }).click();
    await page.getByRole('link', { name: 'Hồ sơ' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByRole('link', { name: /về trang chủ/ }).click();
    await page.getByRole('button', { name: 'Thử lại' }).waitFor();

    // The remote comes back: retry loads it in place (the marker proves no full reload).
    await page.evaluate(() => {
      window.__noReloadMarker = true;
    });
    await page.unroute(catalogPattern);
    await page.getByRole('button', { name: 'Thử lại' }).click();
    await page.getByRole('heading', { name: 'Bài nổi bật' }).first().waitFor();
    assert.equal(await page.evaluate(() => window.__noReloadMarker), true);
    await context.close();
  });

  it('follows remotes.json on reload: another account build, same shell dist', async () => {
    const shellDist = join(ROOT, 'shell', 'dist');
    const before = hashTree(shellDist);
    const altDir = mkdtempSync(join(tmpdir(), 'devhub-alt-account-'));
    try {
      cpSync(join(ROOT, 'remote-account', 'dist'), altDir, { recursive: true });
      for (const name of readdirSync(altDir).filter((file) => file.endsWith('.js'))) {
        const path = join(altDir, name);
        writeFileSync(path, readFileSync(path, 'utf8').replaceAll('"Profile"', '"Profile (bản thử nghiệm)"'));
      }
      const altUrl = await suite.stack.serveExtra(altDir);

      const { context, page } = await openPage(suite.browser);
      await context.addInitScript(SIGNED_IN);
      await page.goto(`${suite.stack.shellUrl}/profile`);
      await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();

      suite.stack.writeRegistry({
        ...suite.stack.registry,
        remotes: { ...suite.stack.registry.remotes, account: { entry: `${altUrl}/mf-manifest.json` } },
      });
      await page.reload();
      await page.getByRole('heading', { name: 'Profile (bản thử nghiệm)' }).waitFor();
      await context.close();
    } finally {
      suite.stack.writeRegistry(suite.stack.registry);
      rmSync(altDir, { recursive: true, force: true });
    }
    assert.equal(hashTree(shellDist), before, "the shell's dist/ is untouched");
  });

  it('runs every remote alone on its dev server (npm start -w <remote>), without the shell', async () => {
    const pages = {
      'remote-catalog': ['/', 'Bài nổi bật'],
      'remote-auth': ['/signin', 'Đăng nhập'],
      'remote-account': ['/cart', 'Cart'],
    };
    for (const [dir, [path, text]] of Object.entries(pages)) {
      const server = await startDevServer(dir);
      try {
        const { context, page, errors } = await openPage(suite.browser);
        await page.goto(`${server.url}${path}`);
        await page.getByText(text, { exact: true }).first().waitFor({ timeout: 30_000 });
        assert.ok(await page.getByText(`${dir} · chạy riêng`).isVisible(), `${dir} shows its own frame`);
        assert.deepEqual(errors, [], `${dir} alone: no page error`);
        await context.close();
      } finally {
        await server.stop();
      }
    }
  });

  it('preloads a remote when a link to its route is hovered', async () => {
    const { context, page } = await openPage(suite.browser);
    const authRequests = [];
    page.on('request', (request) => {
      if (request.url().startsWith(suite.stack.remotes.auth)) authRequests.push(request.url());
    });
    await page.goto(`${suite.stack.shellUrl}/khong-ton-tai`);
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
    assert.deepEqual(authRequests, [], 'nothing fetched from remote-auth before any intent');
    await page.getByRole('link', { name: 'Đăng nhập', exact: true }).hover();
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('remoteEntry.js')),
    );
    assert.ok(
      authRequests.some((url) => url.endsWith('/mf-manifest.json')),
      'the manifest is preloaded',
    );
    assert.ok(
      authRequests.some((url) => url.includes('remoteEntry')),
      'the entry is preloaded',
    );
    await context.close();
  });

  it('explains a malformed remotes.json in Vietnamese and still renders the shell', async () => {
    suite.stack.writeRegistry('{ "remotes": ');
    try {
      const { context, page } = await openPage(suite.browser);
      await page.goto(`${suite.stack.shellUrl}/`);
      await page.getByRole('heading', { name: 'Không tải được nội dung' }).waitFor();
      await page.getByText(/remotes\.json không phải JSON hợp lệ/).waitFor({ state: 'attached' });
      assert.ok(await page.getByRole('banner').isVisible());
      await context.close();
    } finally {
      suite.stack.writeRegistry(suite.stack.registry);
    }
  });
});

// Fast Refresh under `npm start`: an edit on disk to a remote's component, or to the shell's,
// shows in place inside the running shell, with what the visitor typed and moved still there and
// no page load (a marker set on `window` before the edit survives).
//
// The edits are made to the working tree the dev servers watch, and each is put back byte for
// byte as soon as its text showed (or the test failed), so nobody sharing the tree keeps it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/dev-start.ts';
import { ROOT } from '../support/stack.mjs';

interface Edit {
  file: string;
  from: string;
  to: string;
}

/** Makes the edit, runs `check` while it holds, then restores the file exactly as it was. */
async function withEdit(edit: Edit, check: () => Promise<void>): Promise<void> {
  const path = join(ROOT, edit.file);
  const original = readFileSync(path, 'utf8');
  if (!original.includes(edit.from)) throw new Error(`${edit.file} no longer contains ${JSON.stringify(edit.from)}`);
  try {
    writeFileSync(path, original.replace(edit.from, edit.to));
    await check();
  } finally {
    writeFileSync(path, original);
  }
}

async function setMarker(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __marker?: number }).__marker = 1;
  });
}

async function expectNoReload(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as unknown as { __marker?: number }).__marker),
    'the page was updated in place, not loaded again',
  ).toBe(1);
}

test.describe('Fast Refresh through the shell (npm start)', () => {
  // One stack, one tree: these edits run one after another.
  test.describe.configure({ mode: 'serial' });

  // A failure shows why a page was reloaded: the hot clients say so in one console line.
  test.beforeEach(({ page }) => {
    page.on('console', (message) => {
      if (message.type() === 'warning') console.log(`[browser] ${message.text()}`);
    });
  });

  test("a remote's edit (the catalog's 'Bài nổi bật') shows in place: search text and carousel kept", async ({
    page,
  }) => {
    await page.goto('/');
    const featured = page.getByRole('heading', { name: 'Bài nổi bật', exact: true });
    await expect(featured).toBeVisible();
    const search = page.getByRole('banner').getByRole('searchbox');
    await search.fill('react hooks');
    const secondGroup = page.getByRole('button', { name: 'Chuyển đến nhóm 2' });
    await page.getByRole('button', { name: 'Trang trình chiếu sau' }).click();
    await expect(secondGroup).toHaveAttribute('aria-current', 'true');
    await setMarker(page);

    await withEdit(
      {
        file: 'remote-catalog/src/lib/catalog-text.ts',
        from: "featured: 'Bài nổi bật'",
        to: "featured: 'Bài nổi bật (sửa)'",
      },
      async () => {
        await expect(page.getByRole('heading', { name: 'Bài nổi bật (sửa)', exact: true })).toBeVisible();
      },
    );
    await expect(search).toHaveValue('react hooks');
    await expect(secondGroup).toHaveAttribute('aria-current', 'true');
    await expectNoReload(page);
    // The restored text comes back in place too.
    await expect(featured).toBeVisible();
    await expectNoReload(page);
  });

  test('an edit to the sign-up page shows in place, the typed field kept', async ({ page }) => {
    await page.goto('/signup');
    const subtitle = 'Tạo tài khoản miễn phí để lưu và tải tài nguyên học tập.';
    await expect(page.getByText(subtitle, { exact: true })).toBeVisible();
    const name = page.getByLabel('Họ tên');
    await name.fill('Nguyễn Thị Hoa');
    await setMarker(page);

    await withEdit({ file: 'remote-auth/src/lib/auth-text.ts', from: subtitle, to: `${subtitle} (sửa)` }, async () => {
      await expect(page.getByText(`${subtitle} (sửa)`, { exact: true })).toBeVisible();
    });
    await expect(name).toHaveValue('Nguyễn Thị Hoa');
    await expectNoReload(page);
  });

  test("an edit to the shell's footer shows in place, the search text kept", async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    const search = page.getByRole('banner').getByRole('searchbox');
    await search.fill('typescript');
    await setMarker(page);

    await withEdit(
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
});

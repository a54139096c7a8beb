// A per-browser override as a visitor gets one: a link proposes it (`?mf-override=`), nothing of
// it loads, and it applies only once confirmed in the remotes panel (/__remotes).
import { expect, type Page } from '@playwright/test';

/** The notice a proposed override shows on every page until it is confirmed or discarded. */
export const proposalNotice = (page: Page) => page.getByRole('complementary', { name: 'Đề xuất ghi đè remote' });

/** The badge shown while an override is in force. */
export const overrideBadge = (page: Page) => page.getByRole('complementary', { name: 'Đang ghi đè remote' });

/** The address of a link proposing `manifestUrl` for `remote`, on `path`. */
export const overrideLink = (remote: string, manifestUrl: string, path = '/') =>
  `${path}?mf-override=${encodeURIComponent(`${remote}@${manifestUrl}`)}`;

/**
 * Follows a link proposing the override, then confirms it in the remotes panel the notice links
 * to: the panel reloads with the override in force (its badge shown).
 */
export async function proposeAndConfirm(page: Page, remote: string, manifestUrl: string): Promise<void> {
  await page.goto(overrideLink(remote, manifestUrl));
  await proposalNotice(page).getByRole('link', { name: 'Xem và xác nhận trong bảng điều khiển remote' }).click();
  const proposal = page.getByRole('region', { name: 'Đề xuất ghi đè đang chờ xác nhận' });
  await expect(proposal).toContainText(manifestUrl);
  await proposal.getByRole('button', { name: `Xác nhận ghi đè ${remote}` }).click();
  await expect(overrideBadge(page)).toContainText(`${remote} → ${manifestUrl}`);
  await expect(proposalNotice(page)).toHaveCount(0);
}

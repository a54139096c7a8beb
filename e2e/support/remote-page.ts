// What "a remote's page is shown" means in a test: the shell mounted that very module
// (`remote-mounted:<module>`), the page marked its content on screen (`content-ready:<module>`),
// and the failure panel is nowhere. An error panel's own heading never passes for content.
import { expect, type Page } from '@playwright/test';
import { moduleOf } from './routes.ts';

/** The panel the shell shows when a remote fails to load or render. */
export const errorPanel = (page: Page) =>
  page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Không tải được nội dung' }) });

/** How often the marks are read (a few ms each, in the page). */
const POLL_INTERVALS = [50, 100, 200];

const markNames = (page: Page) => page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));

/** Waits until `module` is mounted with its content on screen, then checks no failure panel shows. */
export async function expectRemotePage(page: Page, module: string): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await errorPanel(page).count()) return `the error panel: ${await errorPanel(page).first().innerText()}`;
        const names = await markNames(page);
        return names.includes(`remote-mounted:${module}`) && names.includes(`content-ready:${module}`)
          ? 'shown'
          : `not yet (marks: ${names.join(', ') || 'none'})`;
      },
      // A dev server compiles on first request: on a machine running another suite beside this one,
      // a page's first load has taken longer than the default 20 s (a hang budget, not a timing).
      // Polled often: the default back-off (up to 1 s between looks) made every page wait past its content.
      { message: `${module} shows its content`, timeout: 60_000, intervals: POLL_INTERVALS },
    )
    .toBe('shown');
  await expect(errorPanel(page)).toHaveCount(0);
}

/** Waits until the shell has mounted `module` (its code and stylesheet are loaded; its content may not be). */
export const expectMounted = (page: Page, module: string) =>
  expect
    .poll(() => markNames(page), { message: `the shell mounts ${module}`, intervals: POLL_INTERVALS })
    .toContain(`remote-mounted:${module}`);

/** The page of the route table's `path` is shown (see expectRemotePage). */
export const expectRoutePage = (page: Page, path: string) => expectRemotePage(page, moduleOf(path));

/** Client-side navigation, as a link would do it: the page is not reloaded. */
export const navigateInApp = (page: Page, path: string) =>
  page.evaluate((target) => {
    history.pushState({}, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

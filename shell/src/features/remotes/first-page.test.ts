import { waitFor } from '@testing-library/react';
import { createFirstPage } from './first-page';

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the first page', () => {
  beforeEach(() => {
    performance.clearMarks();
    window.requestIdleCallback = (callback) => window.setTimeout(() => callback({} as IdleDeadline), 0);
    window.cancelIdleCallback = (handle) => window.clearTimeout(handle);
  });

  describe('afterFirstPage', () => {
    it('waits for the first remote page, then runs once the browser is idle', async () => {
      const firstPage = createFirstPage();
      const task = jest.fn();
      firstPage.afterFirstPage(task, 60_000);
      firstPage.pageMounted('catalog/HomePage');
      await tick();
      expect(task).not.toHaveBeenCalled();

      firstPage.contentReady('catalog/HomePage');
      await waitFor(() => expect(task).toHaveBeenCalledTimes(1));
      firstPage.contentReady('catalog/ListingPage');
      await tick();
      expect(task).toHaveBeenCalledTimes(1);
    });

    it('runs when the page was on screen before it was asked', async () => {
      const firstPage = createFirstPage();
      firstPage.contentReady('auth/SignInPage');
      const task = jest.fn();
      firstPage.afterFirstPage(task, 60_000);
      await waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    });

    it('runs once a route without remote content comes to rest, without waiting for its clock', async () => {
      const firstPage = createFirstPage();
      const task = jest.fn();
      firstPage.afterFirstPage(task, 60_000);
      await tick();
      expect(task).not.toHaveBeenCalled();

      firstPage.routeSettled('not-found');
      await waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    });

    it("hears only its own host: another host's page, or a mark alone, runs nothing", async () => {
      const firstPage = createFirstPage();
      const task = jest.fn();
      firstPage.afterFirstPage(task, 60_000);
      createFirstPage().contentReady('catalog/HomePage');
      performance.mark('content-ready:catalog/ListingPage');
      await tick();
      expect(task).not.toHaveBeenCalled();
    });

    it('still runs, as a last resort, on a route that never comes to rest', async () => {
      const task = jest.fn();
      createFirstPage().afterFirstPage(task, 50);
      await waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    });

    it('never runs once cancelled', async () => {
      const firstPage = createFirstPage();
      const task = jest.fn();
      const cancel = firstPage.afterFirstPage(task, 20);
      cancel();
      firstPage.contentReady('catalog/HomePage');
      await tick();
      expect(task).not.toHaveBeenCalled();
    });
  });

  it('shows the event replay the steps it took on <html>, the first rest only, and marks each for the benchmark', () => {
    const root = document.createElement('html');
    const firstPage = createFirstPage(root);
    firstPage.chromeReady();
    expect(root.getAttribute('data-ready')).toBe('chrome');
    firstPage.pageMounted('catalog/ListingPage');
    firstPage.contentReady('catalog/ListingPage');
    // A later route's rest is not the first page's.
    firstPage.routeSettled('not-found');
    expect(root.getAttribute('data-ready')).toBe('chrome mounted content');
    expect(
      [
        'chrome-ready',
        'remote-mounted:catalog/ListingPage',
        'content-ready:catalog/ListingPage',
        'route-settled:not-found',
      ].map((name) => performance.getEntriesByName(name, 'mark').length),
    ).toEqual([1, 1, 1, 1]);
  });
});

import { waitFor } from '@testing-library/react';
import { afterFirstPage, markRouteSettled } from './after-first-page';

describe('afterFirstPage', () => {
  beforeEach(() => {
    performance.clearMarks();
    window.requestIdleCallback = (callback) => window.setTimeout(() => callback({} as IdleDeadline), 0);
    window.cancelIdleCallback = (handle) => window.clearTimeout(handle);
  });

  it('waits for the first remote page, then runs once the browser is idle', async () => {
    const task = jest.fn();
    afterFirstPage(task, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(task).not.toHaveBeenCalled();

    performance.mark('content-ready:catalog/HomePage');
    await waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    performance.mark('content-ready:catalog/ListingPage');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs when a page already on screen set the mark before it was asked', async () => {
    performance.mark('content-ready:auth/SignInPage');
    const task = jest.fn();
    afterFirstPage(task, 60_000);
    await waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('runs once a route without remote content comes to rest, without waiting for its clock', async () => {
    const task = jest.fn();
    afterFirstPage(task, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(task).not.toHaveBeenCalled();

    markRouteSettled('not-found');
    await waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('ignores marks of other kinds', async () => {
    const task = jest.fn();
    afterFirstPage(task, 60_000);
    performance.mark('remote-mounted:catalog/HomePage');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(task).not.toHaveBeenCalled();
  });

  it('still runs, as a last resort, on a route that never comes to rest', async () => {
    const task = jest.fn();
    afterFirstPage(task, 50);
    await waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('never runs once cancelled', async () => {
    const task = jest.fn();
    const cancel = afterFirstPage(task, 20);
    cancel();
    performance.mark('content-ready:catalog/HomePage');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(task).not.toHaveBeenCalled();
  });
});

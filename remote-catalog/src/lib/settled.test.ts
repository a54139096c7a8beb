import { settled } from './settled';

type Tracked = Promise<unknown> & { status?: string; value?: unknown; reason?: unknown };

describe('settled', () => {
  it('records a fulfilled value on the promise, for React to read without suspending', async () => {
    const promise = settled(Promise.resolve(42)) as Tracked;
    expect(promise.status).toBe('pending');
    await promise;
    expect(promise.status).toBe('fulfilled');
    expect(promise.value).toBe(42);
  });

  it('records a rejection, and the caller still sees it', async () => {
    const error = new Error('không tải được');
    const promise = settled(Promise.reject(error)) as Tracked;
    await expect(promise).rejects.toBe(error);
    expect(promise.status).toBe('rejected');
    expect(promise.reason).toBe(error);
  });
});

// The dev server socket on a fake clock, with a stand-in WebSocket: a closed socket is dialled
// again every second by the page itself, the page reloads as soon as a dial answers, and the
// dialling stops with one console line when the dev server never comes back.
interface Transport {
  onOpen(listener: () => void): void;
  onClose(listener: () => void): void;
  onMessage(listener: (data: string) => void): void;
}
type TransportClass = new (url: string) => Transport;

class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
}

const URL = 'ws://localhost:3001/ws';
const scope = globalThis as unknown as Record<string, unknown>;
let reload: jest.Mock;
let warn: jest.SpyInstance;

async function load(): Promise<{ Socket: TransportClass; RETRY_MS: number; MAX_DIALS: number }> {
  const module = await import('./socket-transport.js');
  return { Socket: module.default, RETRY_MS: module.RETRY_MS, MAX_DIALS: module.MAX_DIALS };
}

beforeEach(() => {
  jest.resetModules();
  jest.useFakeTimers();
  FakeSocket.made = [];
  reload = jest.fn();
  scope.__APP_NAME__ = 'catalog';
  scope.WebSocket = FakeSocket;
  scope.location = { reload };
  delete scope.__devhubReloading;
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  jest.useRealTimers();
  warn.mockRestore();
  delete scope.WebSocket;
  delete scope.location;
});

it('passes messages and its first open on to the stock client', async () => {
  const { Socket } = await load();
  const socket = new Socket(URL);
  const opened = jest.fn();
  const received = jest.fn();
  socket.onOpen(opened);
  socket.onMessage(received);
  FakeSocket.made[0].onopen?.();
  FakeSocket.made[0].onmessage?.({ data: '{"type":"ok"}' });
  expect(opened).toHaveBeenCalledTimes(1);
  expect(received).toHaveBeenCalledWith('{"type":"ok"}');
  expect(reload).not.toHaveBeenCalled();
});

it('after a close, dials every second itself and reloads the page as soon as the dev server answers', async () => {
  const { Socket, RETRY_MS } = await load();
  const socket = new Socket(URL);
  const closed = jest.fn();
  socket.onOpen(() => {});
  socket.onClose(closed);
  FakeSocket.made[0].onopen?.();
  FakeSocket.made[0].onclose?.();
  expect(closed).toHaveBeenCalledTimes(1);

  // The stock client's own retry (after 1, 2, 4 … s) opens nothing: the dials are the page's.
  const retry = new Socket(URL);
  retry.onOpen(() => {});
  retry.onClose(() => {});
  expect(FakeSocket.made).toHaveLength(1);

  for (let dial = 1; dial <= 30; dial += 1) {
    jest.advanceTimersByTime(RETRY_MS - 1);
    expect(FakeSocket.made).toHaveLength(dial);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(dial + 1);
    expect(FakeSocket.made[dial].url).toBe(URL);
    if (dial < 30) FakeSocket.made[dial].onclose?.();
  }
  expect(reload).not.toHaveBeenCalled();
  FakeSocket.made[30].onopen?.();
  expect(reload).toHaveBeenCalledTimes(1);
  expect(warn.mock.calls).toEqual([['[devhub] catalog: its dev server restarted; reloading the page.']]);
});

it('gives up with one console line when the dev server never comes back', async () => {
  const { Socket, RETRY_MS, MAX_DIALS } = await load();
  const socket = new Socket(URL);
  socket.onClose(() => {});
  FakeSocket.made[0].onclose?.();
  for (let dial = 1; dial <= MAX_DIALS; dial += 1) {
    jest.advanceTimersByTime(RETRY_MS);
    FakeSocket.made[dial].onclose?.();
  }
  jest.advanceTimersByTime(RETRY_MS * 10);
  expect(FakeSocket.made).toHaveLength(MAX_DIALS + 1);
  expect(reload).not.toHaveBeenCalled();
  expect(warn.mock.calls).toEqual([
    ['[devhub] catalog: its dev server has not answered for ten minutes; load the page again once it runs.'],
  ]);
});

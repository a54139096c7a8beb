// The dev server socket on a fake clock, with a stand-in WebSocket: after a close the page dials
// its dev server itself, at once and then every second; it reloads when one answers after a dial
// found none (a restart), keeps the page when the first answers (the server never went away), and
// stops with one console line when the dev server never comes back.
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
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close(): void {
    this.closed = true;
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

/** A transport as the stock client sets one up (@rspack/dev-server/client/socket.js). */
function connect(Socket: TransportClass, listeners: { opened?: () => void; closed?: () => void } = {}): Transport {
  const socket = new Socket(URL);
  socket.onOpen(listeners.opened ?? (() => {}));
  socket.onClose(listeners.closed ?? (() => {}));
  socket.onMessage(() => {});
  return socket;
}

/** A page whose socket opened and was then closed, the close told to the stock client. */
function dropFirstSocket(Socket: TransportClass): void {
  const closed = jest.fn();
  connect(Socket, { closed });
  FakeSocket.made[0].onopen?.();
  FakeSocket.made[0].onclose?.();
  expect(closed).toHaveBeenCalledTimes(1);
}

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

it('keeps the page when the dev server answers at once after dropping the socket', async () => {
  const { Socket, RETRY_MS } = await load();
  dropFirstSocket(Socket);
  const probe = FakeSocket.made[1];
  expect(probe.url).toBe(URL);
  probe.onopen?.();
  expect(probe.closed).toBe(true);

  // The stock client's own retry reconnects as usual.
  const opened = jest.fn();
  connect(Socket, { opened });
  FakeSocket.made[2].onopen?.();
  expect(opened).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(RETRY_MS * 10);
  expect(FakeSocket.made).toHaveLength(3);
  expect(reload).not.toHaveBeenCalled();
  expect(warn).not.toHaveBeenCalled();
});

it('once a dial finds no dev server, dials every second and reloads the page as soon as one answers', async () => {
  const { Socket, RETRY_MS } = await load();
  dropFirstSocket(Socket);

  for (let dial = 1; dial < 30; dial += 1) {
    expect(FakeSocket.made).toHaveLength(dial + 1);
    FakeSocket.made[dial].onclose?.();
    jest.advanceTimersByTime(RETRY_MS - 1);
    expect(FakeSocket.made).toHaveLength(dial + 1);
    jest.advanceTimersByTime(1);
  }
  expect(reload).not.toHaveBeenCalled();
  FakeSocket.made[30].onopen?.();
  expect(reload).toHaveBeenCalledTimes(1);
  expect(warn.mock.calls).toEqual([['[devhub] catalog: its dev server restarted; reloading the page.']]);
});

it("reloads the page when the stock client's own retry is the first to reach the restarted dev server", async () => {
  const { Socket } = await load();
  const opened = jest.fn();
  connect(Socket);
  FakeSocket.made[0].onclose?.();
  FakeSocket.made[1].onclose?.();
  connect(Socket, { opened });
  FakeSocket.made[2].onopen?.();
  expect(opened).not.toHaveBeenCalled();
  expect(reload).toHaveBeenCalledTimes(1);
});

it('gives up with one console line when the dev server never comes back', async () => {
  const { Socket, RETRY_MS, MAX_DIALS } = await load();
  connect(Socket);
  FakeSocket.made[0].onclose?.();
  for (let dial = 1; dial <= MAX_DIALS; dial += 1) {
    FakeSocket.made[dial].onclose?.();
    jest.advanceTimersByTime(RETRY_MS);
  }
  jest.advanceTimersByTime(RETRY_MS * 10);
  expect(FakeSocket.made).toHaveLength(MAX_DIALS + 1);
  expect(reload).not.toHaveBeenCalled();
  expect(warn.mock.calls).toEqual([
    ['[devhub] catalog: its dev server has not answered for ten minutes; load the page again once it runs.'],
  ]);
});

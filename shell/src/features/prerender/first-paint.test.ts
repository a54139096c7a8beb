import { startAfterFirstPaint, type ScriptAttributes } from './first-paint';

const SCRIPTS: ScriptAttributes[] = [{ src: '/main.js', crossorigin: 'anonymous' }, { src: '/second.js' }];

function pageWithPicture(): { resolve: () => void; reject: () => void } {
  let settle = { resolve: () => undefined, reject: () => undefined } as { resolve: () => void; reject: () => void };
  document.body.innerHTML = '<div id="root"><img src="/later.svg"><img src="/first.svg" fetchpriority="high"></div>';
  const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!;
  picture.decode = () =>
    new Promise<void>((resolve, reject) => {
      settle = { resolve, reject: () => reject(new Error('broken picture')) };
    });
  return {
    resolve: () => settle.resolve(),
    reject: () => settle.reject(),
  };
}

const startedScripts = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));

/** Lets the promises settle, then draws two frames and runs what was queued after them. */
async function paintAFrame() {
  for (let turn = 0; turn < 4; turn += 1) await Promise.resolve();
  jest.advanceTimersByTime(40);
}

/** A browser's paint timing: `present()` queues the first contentful paint, as a shown frame does. */
function paintTiming() {
  type Callback = (list: {
    getEntries: () => Array<{ name: string }>;
    getEntriesByName: (name: string) => unknown[];
  }) => void;
  const paintObservers: Callback[] = [];
  const entries = () => [{ name: 'first-contentful-paint' }];
  const list = { getEntries: entries, getEntriesByName: (name: string) => entries().filter((e) => e.name === name) };
  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint', 'mark', 'resource'];
    private readonly callback: Callback;
    constructor(callback: Callback) {
      this.callback = callback;
    }
    observe({ type }: { type: string }) {
      if (type === 'paint') paintObservers.push(this.callback);
    }
    disconnect() {
      const index = paintObservers.indexOf(this.callback);
      if (index !== -1) paintObservers.splice(index, 1);
    }
  }
  const original = window.PerformanceObserver;
  window.PerformanceObserver = FakePerformanceObserver as unknown as typeof PerformanceObserver;
  return {
    present() {
      for (const observer of [...paintObservers]) observer(list);
    },
    restore() {
      window.PerformanceObserver = original;
    },
  };
}

describe('starting the shell after a prerendered page has painted', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = '';
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('waits for the first high-priority picture, then a frame, then starts the warm-up and the scripts in order', async () => {
    const picture = pageWithPicture();
    const calls: string[] = [];
    const warmUp = () => calls.push(`warm-up with ${startedScripts().length} scripts started`);

    startAfterFirstPaint(SCRIPTS, 2500, warmUp);
    await paintAFrame();
    expect(startedScripts()).toEqual([]);

    picture.resolve();
    await paintAFrame();
    expect(startedScripts()).toEqual(['/main.js', '/second.js']);
    expect(calls).toEqual(['warm-up with 0 scripts started']);
    const [first] = document.head.querySelectorAll('script');
    expect(first?.getAttribute('crossorigin')).toBe('anonymous');
    expect(first?.async).toBe(false);
  });

  it('starts after a picture that fails to load, as after one that loads', async () => {
    const picture = pageWithPicture();
    startAfterFirstPaint(SCRIPTS, 2500, () => undefined);
    picture.reject();
    await paintAFrame();
    expect(startedScripts()).toEqual(['/main.js', '/second.js']);
  });

  it('waits for the first contentful paint to be on screen where the browser reports it', async () => {
    document.body.innerHTML = '<div id="root"><h1>Đăng nhập</h1></div>';
    const timing = paintTiming();
    try {
      startAfterFirstPaint(SCRIPTS, 2500, () => undefined);
      await paintAFrame();
      await paintAFrame();
      expect(startedScripts()).toEqual([]);

      timing.present();
      await paintAFrame();
      expect(startedScripts()).toEqual(['/main.js', '/second.js']);
    } finally {
      timing.restore();
    }
  });

  it('starts after two frames on a page without such a picture', async () => {
    document.body.innerHTML = '<div id="root"><h1>Đăng nhập</h1><img src="/lazy.svg" loading="lazy"></div>';
    startAfterFirstPaint(SCRIPTS, 2500, () => undefined);
    expect(startedScripts()).toEqual([]);
    await paintAFrame();
    expect(startedScripts()).toEqual(['/main.js', '/second.js']);
  });

  it('stops waiting for a slow picture after the time given, and starts only once', async () => {
    const picture = pageWithPicture();
    const warmUp = jest.fn();
    startAfterFirstPaint(SCRIPTS, 2500, warmUp);
    jest.advanceTimersByTime(2499);
    expect(startedScripts()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(startedScripts()).toEqual(['/main.js', '/second.js']);

    picture.resolve();
    await paintAFrame();
    expect(startedScripts()).toHaveLength(2);
    expect(warmUp).toHaveBeenCalledTimes(1);
  });

  it('waits for the markup to be parsed first: it runs from the head', async () => {
    pageWithPicture();
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const parsing = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    startAfterFirstPaint(SCRIPTS, 2500, () => undefined);
    expect(startedScripts()).toEqual([]);
    parsing.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(startedScripts()).toEqual(['/main.js', '/second.js']);
  });

  it('starts at once in a page opened in the background, which draws no frames', () => {
    pageWithPicture();
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    startAfterFirstPaint(SCRIPTS, 2500, () => undefined);
    expect(startedScripts()).toEqual(['/main.js', '/second.js']);
  });
});

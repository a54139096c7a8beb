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

/** Lets the decode promise settle, then draws a frame and runs what was queued after it. */
async function paintAFrame() {
  await Promise.resolve();
  await Promise.resolve();
  jest.advanceTimersByTime(20);
}

describe('starting the shell after a prerendered page has painted', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = '';
    window.__devhubWarmUp = undefined;
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('waits for the first high-priority picture, then a frame, then starts the warm-up and the scripts in order', async () => {
    const picture = pageWithPicture();
    const calls: string[] = [];
    window.__devhubWarmUp = () => calls.push(`warm-up with ${startedScripts().length} scripts started`);

    startAfterFirstPaint(SCRIPTS, 2500);
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
    startAfterFirstPaint(SCRIPTS, 2500);
    picture.reject();
    await paintAFrame();
    expect(startedScripts()).toEqual(['/main.js', '/second.js']);
  });

  it('starts after the next frame on a page without such a picture', async () => {
    document.body.innerHTML = '<div id="root"><h1>Đăng nhập</h1><img src="/lazy.svg" loading="lazy"></div>';
    startAfterFirstPaint(SCRIPTS, 2500);
    expect(startedScripts()).toEqual([]);
    await paintAFrame();
    expect(startedScripts()).toEqual(['/main.js', '/second.js']);
  });

  it('stops waiting for a slow picture after the time given, and starts only once', async () => {
    const picture = pageWithPicture();
    const warmUp = jest.fn();
    window.__devhubWarmUp = warmUp;
    startAfterFirstPaint(SCRIPTS, 2500);
    jest.advanceTimersByTime(2499);
    expect(startedScripts()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(startedScripts()).toEqual(['/main.js', '/second.js']);

    picture.resolve();
    await paintAFrame();
    expect(startedScripts()).toHaveLength(2);
    expect(warmUp).toHaveBeenCalledTimes(1);
  });

  it('starts at once in a page opened in the background, which draws no frames', () => {
    pageWithPicture();
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    startAfterFirstPaint(SCRIPTS, 2500);
    expect(startedScripts()).toEqual(['/main.js', '/second.js']);
  });
});

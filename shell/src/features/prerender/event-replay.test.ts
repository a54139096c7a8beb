import { MAIN_CONTENT_ID } from '../../lib/main-content-id';
import { replayEventsAfterHydration } from './event-replay';
import { PRERENDERED_ATTRIBUTE } from './prerendered-attribute';
import { READY_ATTRIBUTE, type ReadyStep } from './ready-attribute';

const root = document.documentElement;
/** What the page's own handlers (React's, once hydrated) saw, in order. */
let seen: string[] = [];

function record(event: Event) {
  const target = event.target as Element;
  const name = target.id || target.getAttribute('name') || target.tagName.toLowerCase();
  seen.push(
    event.type === 'change' ? `change ${name}=${(target as HTMLSelectElement).value}` : `${event.type} ${name}`,
  );
}

/** The prerendered markup, and the head's script run over it. */
function prerenderedPage(prerendered = true) {
  if (prerendered) root.setAttribute(PRERENDERED_ATTRIBUTE, '');
  document.body.innerHTML = `<div id="root">
    <header><button type="button" id="theme"><svg><path></path></svg></button><div role="button" tabindex="0" id="menu">Menu</div></header>
    <main id="${MAIN_CONTENT_ID}">
      <a href="/blog" id="link" role="button"><span>Blog</span></a>
      <section><button type="button">Sau</button><button type="button">Trước</button></section>
      <label>Sắp xếp <select name="sort"><option value="latest">Mới nhất</option><option value="views">Xem nhiều nhất</option></select></label>
      <input type="checkbox" name="remember">
      <form id="signin"><input name="password" value="secret"><button type="submit" id="send">Đăng nhập</button></form>
    </main>
  </div>`;
  replayEventsAfterHydration();
}

/** A step of the first page, as the shell's first-page object shows it on <html> (first-page.ts). */
function took(step: ReadyStep) {
  const steps = (root.getAttribute(READY_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
  root.setAttribute(READY_ATTRIBUTE, [...steps, step].join(' '));
}

const at = (selector: string) => document.querySelector<HTMLElement>(selector)!;
const ticks = () => new Promise((resolve) => setTimeout(resolve, 20));

function click(element: Element): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return event;
}

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

async function hydrated() {
  root.dataset.rendering = 'hydrated';
  took('content');
  await ticks();
}

beforeEach(() => {
  seen = [];
  for (const type of ['click', 'keydown', 'change', 'submit']) document.addEventListener(type, record);
});

afterEach(async () => {
  jest.useRealTimers();
  // Ends the script of the test, if it still listens.
  root.dataset.rendering = 'client';
  await ticks();
  for (const type of ['click', 'keydown', 'change', 'submit']) document.removeEventListener(type, record);
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  delete root.dataset.rendering;
  root.removeAttribute(READY_ATTRIBUTE);
  jest.restoreAllMocks();
});

describe('the events of a prerendered page before it hydrates', () => {
  it('are held from the page, then dispatched again in order on the same controls once its content is ready', async () => {
    // The clock is the test's: a worker stalled on a loaded machine must not reach the fallback's 3 s
    // between "hydrated" and the content step (it did once, beside another suite).
    jest.useFakeTimers({ doNotFake: ['performance', 'queueMicrotask'] });
    prerenderedPage();
    const submit = jest.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      seen.push(`requestSubmit ${this.id}`);
    });
    const early = click(at('#theme svg path'));
    click(at('section button:last-child'));
    choose(at('select') as HTMLSelectElement, 'views');
    at('form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    at('#menu').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));

    expect(early.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);

    root.dataset.rendering = 'hydrated';
    await jest.advanceTimersByTimeAsync(20);
    // Hydrated, but its effects not yet run: React may not handle them yet.
    expect(seen).toEqual([]);
    took('content');
    await jest.advanceTimersByTimeAsync(20);
    expect(seen).toEqual(['click theme', 'click button', 'change sort=views', 'requestSubmit signin', 'keydown menu']);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('hold a submit button, so the browser sends no form before the page can', async () => {
    prerenderedPage();
    const early = click(at('#send'));
    expect(early.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);
    // As React's handler does, once the page has one.
    at('form').addEventListener('submit', (event) => event.preventDefault());
    await hydrated();
    expect(seen).toEqual(['click send', 'submit signin']);
  });

  it('keep a box as it was until the page handles the click', async () => {
    prerenderedPage();
    const box = at('input[type="checkbox"]') as HTMLInputElement;
    click(box);
    expect(box.checked).toBe(false);
    await hydrated();
    expect(box.checked).toBe(true);
    expect(seen).toEqual(['click remember', 'change remember=on']);
  });

  it('find their control again when hydration put a new one in its place', async () => {
    prerenderedPage();
    click(at('section button:first-child'));
    click(at('#theme'));
    // The same markup, new elements: by position from <html>, and by id.
    at('#root').innerHTML = at('#root').innerHTML;
    const next = at('section button:first-child');
    const theme = at('#theme');
    const onNext = jest.fn();
    const onTheme = jest.fn();
    next.addEventListener('click', onNext);
    theme.addEventListener('click', onTheme);
    await hydrated();
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onTheme).toHaveBeenCalledTimes(1);
  });

  it('are dropped when the control found again is another one: another tag, type or name', async () => {
    prerenderedPage();
    const submit = jest.spyOn(HTMLFormElement.prototype, 'requestSubmit');
    click(at('section button:first-child'));
    click(at('#theme'));
    choose(at('select') as HTMLSelectElement, 'views');
    at('form').dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: at('#send') }));
    // Hydration rendered other controls where they were: at the same position, with the same id.
    at('section button:first-child').outerHTML = '<button type="submit" name="xoa">Xóa</button>';
    at('#theme').outerHTML = '<a id="theme" href="#" role="button">Giao diện</a>';
    at('select').setAttribute('name', 'page');
    at('#send').setAttribute('name', 'delete');
    const replaced = [at('section button:first-child'), at('#theme'), at('select'), at('form')];
    const reached = jest.fn();
    for (const element of replaced) {
      for (const type of ['click', 'change', 'submit']) element.addEventListener(type, reached);
    }
    await hydrated();
    expect(reached).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });

  it('are dispatched once, and later events reach the page directly', async () => {
    prerenderedPage();
    click(at('#theme'));
    await hydrated();
    took('content');
    root.dataset.rendering = 'hydrated';
    await ticks();
    expect(seen).toEqual(['click theme']);
    const later = click(at('#theme'));
    expect(later.defaultPrevented).toBe(false);
    expect(seen).toEqual(['click theme', 'click theme']);
  });

  it('are dropped when the shell renders the page anew, and later events reach it', async () => {
    prerenderedPage();
    click(at('#theme'));
    root.dataset.rendering = 'client';
    await ticks();
    took('content');
    await ticks();
    expect(seen).toEqual([]);
    click(at('#theme'));
    expect(seen).toEqual(['click theme']);
  });

  it('reach the chrome once it has hydrated, in order, while those on the page wait for its content', async () => {
    prerenderedPage();
    click(at('section button:last-child'));
    click(at('#theme'));
    at('#menu').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    root.dataset.rendering = 'hydrated';
    took('chrome');
    await ticks();
    expect(seen).toEqual(['click theme', 'keydown menu']);

    // The chrome now handles its own; the page's code is still on its way.
    const onChrome = click(at('#theme'));
    const onPage = click(at('section button:first-child'));
    expect([onChrome.defaultPrevented, onPage.defaultPrevented]).toEqual([false, true]);
    expect(seen).toEqual(['click theme', 'keydown menu', 'click theme']);

    took('content');
    await ticks();
    expect(seen).toEqual(['click theme', 'keydown menu', 'click theme', 'click button', 'click button']);
  });

  it("are dropped on the page when an error panel takes the page's place, and later events reach it", async () => {
    prerenderedPage();
    click(at('#theme'));
    click(at('section button:last-child'));
    root.dataset.rendering = 'hydrated';
    took('chrome');
    took('settled');
    await ticks();
    expect(seen).toEqual(['click theme']);
    click(at('section button:first-child'));
    expect(seen).toEqual(['click theme', 'click button']);
  });

  it('are dispatched a while after the page mounted when it never reports its content on screen, not before it mounts', async () => {
    jest.useFakeTimers({ doNotFake: ['performance', 'queueMicrotask'] });
    prerenderedPage();
    click(at('section button:last-child'));
    root.dataset.rendering = 'hydrated';
    took('chrome');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual([]);
    took('mounted');
    await jest.advanceTimersByTimeAsync(2999);
    expect(seen).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['click button']);
  });

  it('leave links to the browser, even one shown as a button', () => {
    prerenderedPage();
    let followed = false;
    // jsdom does not navigate: the browser's action is noted, then cancelled.
    at('#link').addEventListener('click', (event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    });
    click(at('#link span'));
    expect(followed).toBe(true);
    expect(seen).toEqual(['click span']);
  });

  it('are left alone on a page the browser renders (no prerendered markup)', () => {
    prerenderedPage(false);
    const event = click(at('#theme'));
    expect(event.defaultPrevented).toBe(false);
    expect(seen).toEqual(['click theme']);
  });
});

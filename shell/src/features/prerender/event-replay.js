// @ts-check
import { MAIN_CONTENT_ID } from '../../lib/main-content-id';
import { PRERENDERED_ATTRIBUTE } from './prerendered-attribute';
import { READY_ATTRIBUTE, RENDERING_ATTRIBUTE } from './ready-attribute';

/**
 * Run by the page's head script (shell/src/app/start-page.ts), ahead of everything. A prerendered
 * page is on screen before the shell has hydrated it, and until then its controls have no handler:
 * a click on the theme toggle, a carousel arrow or the Google button would do nothing, and a form
 * would be sent the browser's way (a GET to the page itself, the password in the address). So, on
 * a prerendered page only, the clicks, the key presses that activate a control, the changes of a
 * select and the submits are caught before anything else sees them (the window's capture phase),
 * kept in order, and dispatched again on the same element once React handles them. The chrome and
 * the page hydrate apart (bootstrap.tsx): an event on the chrome waits until the shell has hydrated
 * (`data-rendering="hydrated"`) and its chrome's effects ran, one on the page (in the shell's
 * <main>) until the page's content is on screen too (its effects ran); each kind in its order. The
 * shell's first-page object says how far React is on <html> (ready-attribute.ts), as nothing else
 * of the shell can reach this script. If the page's area shows an error panel instead of
 * its content, or the shell renders the page anew (`data-rendering="client"`), the markup they
 * were aimed at is gone and they are dropped; so is an event whose element, found again, is no
 * longer the same control (its tag, type or name changed): a click meant for "Sau" never lands on
 * "Xóa". Links are left to the browser: they work without a script.
 */
export function replayEventsAfterHydration() {
  var root = document.documentElement;
  if (!root.hasAttribute(PRERENDERED_ATTRIBUTE)) return;

  // Elements whose activation is a click (a keyboard's Enter or Space on them arrives as one too).
  var CLICKED =
    'button, [role="button"], summary, input[type="checkbox"], input[type="radio"], input[type="submit"], ' +
    'input[type="button"], input[type="reset"], input[type="image"]';
  // Only these answer keys themselves: the browser makes no click of Enter or Space on them.
  var KEYED = '[role="button"]:not(button):not(input):not(summary)';
  /**
   * A page that hydrated but never reports its content on screen (its data failed, say) still gets its
   * events, this long after it mounted: the page must not stay inert.
   */
  var READY_WAIT_MS = 3000;

  /**
   * @typedef {{ element: Element, id: string, path: number[], tag: string, type: string, name: string, inPage: boolean }} Place
   * @typedef {{ type: 'click', place: Place }
   *   | { type: 'key', place: Place, key: string, code: string }
   *   | { type: 'change', place: Place, value: string }
   *   | { type: 'submit', place: Place, submitter: Place | undefined }} Held
   */
  /** @type {Held[]} */
  var held = [];
  var finished = false;
  // The chrome's events reach it directly once it has hydrated; the page's are still held.
  var chromeReleased = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  var readyWait;

  /**
   * @param {Element} element
   * @param {string} name
   */
  function attribute(element, name) {
    return (element.getAttribute(name) || '').toLowerCase();
  }

  /**
   * The element, how to find it again if hydration replaced it (its id, else its position from
   * <html> down: the server and the browser render the same tree), and what makes it the control
   * the visitor used (its tag, type and name), checked again before anything is dispatched on it.
   * @param {Element} element
   * @returns {Place}
   */
  function placeOf(element) {
    var path = [];
    for (var node = element; node && node !== root; node = /** @type {Element} */ (node.parentElement)) {
      var index = 0;
      for (var sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) index++;
      path.unshift(index);
    }
    return {
      element: element,
      id: element.id,
      path: path,
      tag: element.tagName,
      type: attribute(element, 'type'),
      name: element.getAttribute('name') || '',
      inPage: !!element.closest(`#${MAIN_CONTENT_ID}`),
    };
  }

  /**
   * @param {Place} place
   * @returns {Element | null}
   */
  function locate(place) {
    if (place.element.isConnected) return place.element;
    if (place.id) return document.getElementById(place.id);
    /** @type {Element | null} */
    var node = root;
    place.path.forEach(function (index) {
      node = node && (node.children[index] || null);
    });
    return node;
  }

  /**
   * The control the event was aimed at, or null if what stands there now is another one.
   * @param {Place} place
   * @returns {Element | null}
   */
  function find(place) {
    var element = locate(place);
    if (!element) return null;
    var same =
      element.tagName === place.tag &&
      attribute(element, 'type') === place.type &&
      (element.getAttribute('name') || '') === place.name;
    return same ? element : null;
  }

  /**
   * Caught: nothing of the page sees it now, and the browser does not act on it (a toggled box, a
   * sent form) before the page can.
   * @param {Event} event
   * @param {Held} entry
   */
  function hold(event, entry) {
    if (chromeReleased && !entry.place.inPage) return;
    if (event.cancelable) event.preventDefault();
    event.stopImmediatePropagation();
    held.push(entry);
  }

  /**
   * @param {Event} event
   * @returns {Element | null}
   */
  function outsideLinks(event) {
    var target = event.target;
    if (!(target instanceof Element) || target.closest('a[href]')) return null;
    return target;
  }

  /** @param {MouseEvent} event */
  function onClick(event) {
    var target = outsideLinks(event);
    var control = target && target.closest(CLICKED);
    if (control) hold(event, { type: 'click', place: placeOf(control) });
  }

  /** @param {KeyboardEvent} event */
  function onKeyDown(event) {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    var target = outsideLinks(event);
    if (target && target.matches(KEYED))
      hold(event, { type: 'key', place: placeOf(target), key: event.key, code: event.code });
  }

  /** @param {Event} event */
  function onChange(event) {
    var target = event.target;
    if (target instanceof HTMLSelectElement)
      hold(event, { type: 'change', place: placeOf(target), value: target.value });
  }

  /** @param {SubmitEvent} event */
  function onSubmit(event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    hold(event, {
      type: 'submit',
      place: placeOf(form),
      submitter: event.submitter ? placeOf(event.submitter) : undefined,
    });
  }

  /** @param {Held} entry */
  function replay(entry) {
    var element = find(entry.place);
    if (!element) return;
    if (entry.type === 'click') {
      if (element instanceof HTMLElement) element.click();
    } else if (entry.type === 'key') {
      var options = { key: entry.key, code: entry.code, bubbles: true, cancelable: true };
      element.dispatchEvent(new KeyboardEvent('keydown', options));
      element.dispatchEvent(new KeyboardEvent('keyup', options));
    } else if (entry.type === 'change') {
      if (!(element instanceof HTMLSelectElement)) return;
      element.value = entry.value;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (element instanceof HTMLFormElement) {
      var submitter = entry.submitter && find(entry.submitter);
      // The button that sent it is part of what was meant (its name, its value): another one there sends nothing.
      if (entry.submitter && !submitter) return;
      try {
        element.requestSubmit(
          submitter instanceof HTMLElement && submitter.closest('form') === element ? submitter : undefined,
        );
      } catch {
        // A submitter that is no longer one of the form's submit buttons: the form alone.
        element.requestSubmit();
      }
    }
  }

  /** @param {boolean} replayHeld */
  function finish(replayHeld) {
    if (finished) return;
    finished = true;
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('keydown', onKeyDown, true);
    window.removeEventListener('change', onChange, true);
    window.removeEventListener('submit', onSubmit, true);
    progress.disconnect();
    if (readyWait !== undefined) clearTimeout(readyWait);
    var entries = held;
    held = [];
    if (replayHeld) entries.forEach(replay);
  }

  /** @param {import('./ready-attribute').ReadyStep} step */
  function took(step) {
    return (root.getAttribute(READY_ATTRIBUTE) || '').split(' ').indexOf(step) !== -1;
  }

  /** The chrome's events, dispatched again in order; the page's stay held. */
  function releaseChrome() {
    chromeReleased = true;
    var chrome = held.filter(function (entry) {
      return !entry.place.inPage;
    });
    held = held.filter(function (entry) {
      return entry.place.inPage;
    });
    chrome.forEach(replay);
  }

  function check() {
    var state = root.getAttribute(RENDERING_ATTRIBUTE);
    if (state === 'client') finish(false);
    if (state !== 'hydrated' || finished) return;
    if (!chromeReleased && took('chrome')) releaseChrome();
    if (took('content')) finish(true);
    // The page's area came to rest without its content (an error panel in place of the markup):
    // what the page's events were aimed at is gone.
    else if (took('settled')) finish(false);
    else if (readyWait === undefined && took('mounted')) {
      readyWait = setTimeout(function () {
        finish(true);
      }, READY_WAIT_MS);
    }
  }

  window.addEventListener('click', onClick, true);
  window.addEventListener('keydown', onKeyDown, true);
  window.addEventListener('change', onChange, true);
  window.addEventListener('submit', onSubmit, true);
  // Its callback runs once the script that changed the attribute is done: the effects of the
  // render that took the step have all run.
  var progress = new MutationObserver(check);
  progress.observe(root, { attributes: true, attributeFilter: [RENDERING_ATTRIBUTE, READY_ATTRIBUTE] });
}

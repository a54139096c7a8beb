// react-router needs these, and jsdom does not provide them.
const util = require('node:util');

Object.assign(globalThis, { TextDecoder: util.TextDecoder, TextEncoder: util.TextEncoder });

if (typeof window !== 'undefined' && !window.matchMedia) {
  // jsdom has no layout engine; tests that care replace this with their own media list.
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}
if (typeof window !== 'undefined') {
  // jsdom only logs "not implemented"; tests assert scrolling through their own spies.
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
}

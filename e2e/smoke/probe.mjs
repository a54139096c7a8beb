// What every engine runs in each page before the page's own scripts (Puppeteer's
// evaluateOnNewDocument, a WebKit user script): it keeps the Content-Security-Policy violations the
// page meets, with the element that asked for the blocked file, for the suite to read.

/**
 * Runs in the page. Kept free of anything outside its own body: it is sent to the browser as text.
 */
export function installProbe() {
  const violations = [];
  Object.defineProperty(window, '__smokeViolations', { value: violations });
  const describe = (event) => {
    // Firefox fires the event at the document: the element is then the one that names the file.
    const target =
      event.target instanceof Element
        ? event.target
        : Array.from(document.querySelectorAll('link[href], script[src]')).find(
            (element) => (element.href || element.src) === event.blockedURI,
          );
    if (!target) return 'the document';
    const rel = target.getAttribute('rel');
    const as = target.getAttribute('as');
    return `<${target.localName}${rel ? ` rel=${rel}` : ''}${as ? ` as=${as}` : ''}>`;
  };
  // On the document, capturing: the event is fired at the element that asked for the file (or at the
  // document) and passes the document either way.
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      violations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        element: describe(event),
      });
    },
    true,
  );
}

/** The probe as a script to run at document start. */
export const PROBE_SOURCE = `(${installProbe.toString()})();`;

/** Takes the violations the current page recorded since the last call (runs in the page). */
export function takeViolations() {
  const violations = window.__smokeViolations;
  return violations ? violations.splice(0, violations.length) : [];
}

/**
 * One line per violation, e.g. `default-src blocked https://host/remoteEntry.js (<link rel=prefetch as=script>)`.
 *
 * @param {{ directive: string, blocked: string, element: string }} violation
 */
export const describeViolation = ({ directive, blocked, element }) => `${directive} blocked ${blocked} (${element})`;

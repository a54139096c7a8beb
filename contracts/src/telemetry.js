// The telemetry beacon: what a browser reports of the remotes each page view used, sent with
// navigator.sendBeacon to POST /api/telemetry, and the one check of it (the collector's, and the
// reporter's own tests'). A beacon says which build ran and how it went, never who or where: its
// route is a path of the route table ("/blog"; a ":param" segment is allowed), so no URL, query,
// fragment or host fits (a segment is at most 32 characters, and the collector labels only the
// registry's routes: a path a visitor makes up is counted as "other"). Every field is bounded,
// and a field this schema does not know refuses the beacon.
import { isRemoteNameForm } from './registry.js';
import { isRoutePath } from './routes.js';

/** Bumped when the beacon's shape changes; the collector refuses a schema it does not know. */
export const BEACON_SCHEMA = 1;

/** Which of a remote's two pins a page ran: the environment's pin or the candidate tried beside it. */
export const ROLES = /** @type {const} */ (['stable', 'candidate']);

/** How a remote fared on a page. */
export const OUTCOMES = /** @type {const} */ ([
  'loaded',
  'refused-compatibility',
  'refused-integrity',
  'failed',
  'boundary-error',
]);

/** Web Vitals a page view may carry: LCP, INP and TTFB in milliseconds, CLS unitless. */
export const VITALS = /** @type {const} */ (['lcp', 'inp', 'cls', 'ttfb']);

export const BEACON_LIMITS = Object.freeze({
  /** Page views one beacon batches. */
  views: 20,
  /** Remotes one page view names (in `remotes`, and so in `errors`). */
  remotes: 16,
  route: 100,
  /** A segment of a route: a token or an id is longer than a word of a path. */
  routeSegment: 32,
  version: 64,
  environment: 40,
  /** Uncaught errors one remote counts in one page view. */
  errorCount: 1000,
  /** A timing above ten minutes is a clock's fault, not a page's. */
  milliseconds: 600_000,
  cls: 10,
  /** Problems reported of one beacon: the rest of a bad beacon is not worth the work. */
  problems: 10,
});

/**
 * One batch of page views.
 *
 * @typedef {object} Beacon
 * @property {1} schema  BEACON_SCHEMA.
 * @property {string} environment  the registry's `environment` the page ran against ("preview").
 * @property {PageView[]} views  1 to BEACON_LIMITS.views.
 */

/**
 * @typedef {object} PageView
 * @property {string} route  the route pattern the page matched: "/", "/blog", "/docs/:slug"
 *   (isRoutePattern), never the URL.
 * @property {string} [servedBy]  the remote whose page it was, one of `remotes`; none for a page
 *   the shell serves itself. Its version and role are the vitals' own.
 * @property {RemoteUse[]} remotes  each remote the page used, once (none: a page of the shell's own).
 * @property {Partial<Record<Vital, number>>} [vitals]  the page's Web Vitals.
 * @property {ErrorCount[]} [errors]  uncaught errors attributed to a remote of `remotes`, each remote once.
 */

/**
 * @typedef {object} RemoteUse
 * @property {string} remote  its name, as the registry names it.
 * @property {string} version  the version that ran ("1.4.0").
 * @property {Role} role
 * @property {Outcome} outcome
 */

/** @typedef {{ remote: string, count: number }} ErrorCount  count: 1 to BEACON_LIMITS.errorCount */
/** @typedef {typeof ROLES[number]} Role */
/** @typedef {typeof OUTCOMES[number]} Outcome */
/** @typedef {typeof VITALS[number]} Vital */

/**
 * @typedef {'object' | 'list' | 'unknown-field' | 'schema' | 'environment' | 'route' | 'remote'
 *   | 'version' | 'role' | 'outcome' | 'twice' | 'unlisted' | 'vital' | 'count'} BeaconProblemCode
 */

/**
 * One way a beacon is refused. It names the field by its place, never by what the beacon wrote:
 * an unknown field is reported as its object's, so no text of a beacon is ever repeated.
 *
 * @typedef {object} BeaconProblem
 * @property {string} field  "views[0].remotes[1].outcome"; "" for the beacon itself.
 * @property {BeaconProblemCode} code
 */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const PARAMETER = /^:[a-z][A-Za-z0-9]*$/;
const VERSION = new RegExp(`^[0-9A-Za-z][0-9A-Za-z.+-]{0,${BEACON_LIMITS.version - 1}}$`);
const ENVIRONMENT = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,${BEACON_LIMITS.environment - 1}}$`);

/**
 * Whether `value` is a route pattern: a path of the form a route table lists (isRoutePath: "/" then
 * segments of unreserved characters, so no "?", "#", "@", ":" of a scheme, "%" escape or host),
 * whose segments may also be parameters (":slug"), each at most BEACON_LIMITS.routeSegment long.
 *
 * @param {unknown} value
 * @returns {value is string}
 */
export function isRoutePattern(value) {
  if (typeof value !== 'string' || value.length > BEACON_LIMITS.route) return false;
  const segments = value.split('/');
  if (segments.some((segment) => segment.length > BEACON_LIMITS.routeSegment)) return false;
  // A parameter stands in for one literal segment, which the route table's rule then checks.
  return isRoutePath(segments.map((segment) => (PARAMETER.test(segment) ? 'parameter' : segment)).join('/'));
}

/**
 * The beacon in `raw` (parsed JSON from a client), or why it is none.
 *
 * @param {unknown} raw
 * @returns {{ beacon: Beacon, problems: [] } | { beacon: null, problems: BeaconProblem[] }}
 */
export function validateBeacon(raw) {
  /** @type {BeaconProblem[]} */
  const problems = [];
  /** @param {string} field @param {BeaconProblemCode} code @returns {false} */
  const fail = (field, code) => {
    if (problems.length < BEACON_LIMITS.problems) problems.push({ field, code });
    return false;
  };
  /** @param {string} field @param {unknown} value @param {readonly string[]} keys */
  const object = (field, value, keys) => {
    if (!isRecord(value)) return fail(field, 'object');
    if (Object.keys(value).some((key) => !keys.includes(key))) fail(field, 'unknown-field');
    return true;
  };
  /** @param {string} field @param {unknown} value @param {number} min @param {number} max */
  const list = (field, value, min, max) =>
    (Array.isArray(value) && value.length >= min && value.length <= max) || fail(field, 'list');
  /** @param {string} field @param {unknown} value */
  const remoteName = (field, value) => (typeof value === 'string' && isRemoteNameForm(value)) || fail(field, 'remote');

  if (!object('', raw, ['schema', 'environment', 'views'])) return { beacon: null, problems };
  const beacon = /** @type {Record<string, unknown>} */ (raw);
  if (beacon.schema !== BEACON_SCHEMA) fail('schema', 'schema');
  if (typeof beacon.environment !== 'string' || !ENVIRONMENT.test(beacon.environment))
    fail('environment', 'environment');
  if (list('views', beacon.views, 1, BEACON_LIMITS.views)) {
    /** @type {unknown[]} */ (beacon.views).forEach((view, index) =>
      checkView(`views[${index}]`, view, { fail, object, list, remoteName }),
    );
  }
  if (problems.length > 0) return { beacon: null, problems };
  return { beacon: /** @type {Beacon} */ (raw), problems: [] };
}

/**
 * @typedef {object} Checks
 * @property {(field: string, code: BeaconProblemCode) => false} fail
 * @property {(field: string, value: unknown, keys: readonly string[]) => boolean} object
 * @property {(field: string, value: unknown, min: number, max: number) => boolean} list
 * @property {(field: string, value: unknown) => boolean} remoteName
 */

/** @param {string} at @param {unknown} value @param {Checks} checks */
function checkView(at, value, { fail, object, list, remoteName }) {
  if (!object(at, value, ['route', 'servedBy', 'remotes', 'vitals', 'errors'])) return;
  const view = /** @type {Record<string, unknown>} */ (value);
  if (!isRoutePattern(view.route)) fail(`${at}.route`, 'route');
  /** @type {Set<unknown>} */
  const used = new Set();
  if (list(`${at}.remotes`, view.remotes, 0, BEACON_LIMITS.remotes)) {
    /** @type {unknown[]} */ (view.remotes).forEach((use, index) => {
      const field = `${at}.remotes[${index}]`;
      if (!object(field, use, ['remote', 'version', 'role', 'outcome'])) return;
      const { remote, version, role, outcome } = /** @type {Record<string, unknown>} */ (use);
      if (remoteName(`${field}.remote`, remote) && used.has(remote)) fail(`${field}.remote`, 'twice');
      used.add(remote);
      if (typeof version !== 'string' || !VERSION.test(version)) fail(`${field}.version`, 'version');
      if (!(/** @type {readonly unknown[]} */ (ROLES).includes(role))) fail(`${field}.role`, 'role');
      if (!(/** @type {readonly unknown[]} */ (OUTCOMES).includes(outcome))) fail(`${field}.outcome`, 'outcome');
    });
  }
  if (view.servedBy !== undefined && remoteName(`${at}.servedBy`, view.servedBy) && !used.has(view.servedBy))
    fail(`${at}.servedBy`, 'unlisted');
  if (view.vitals !== undefined && object(`${at}.vitals`, view.vitals, VITALS)) {
    for (const [name, number] of Object.entries(/** @type {Record<string, unknown>} */ (view.vitals))) {
      const max = name === 'cls' ? BEACON_LIMITS.cls : BEACON_LIMITS.milliseconds;
      const inRange = typeof number === 'number' && Number.isFinite(number) && number >= 0 && number <= max;
      if (/** @type {readonly string[]} */ (VITALS).includes(name) && !inRange) fail(`${at}.vitals.${name}`, 'vital');
    }
  }
  if (view.errors !== undefined && list(`${at}.errors`, view.errors, 0, BEACON_LIMITS.remotes)) {
    /** @type {Set<unknown>} */
    const counted = new Set();
    /** @type {unknown[]} */ (view.errors).forEach((entry, index) => {
      const field = `${at}.errors[${index}]`;
      if (!object(field, entry, ['remote', 'count'])) return;
      const { remote, count } = /** @type {Record<string, unknown>} */ (entry);
      if (remoteName(`${field}.remote`, remote)) {
        if (counted.has(remote)) fail(`${field}.remote`, 'twice');
        else if (!used.has(remote)) fail(`${field}.remote`, 'unlisted');
      }
      counted.add(remote);
      if (
        !Number.isInteger(count) ||
        /** @type {number} */ (count) < 1 ||
        /** @type {number} */ (count) > BEACON_LIMITS.errorCount
      )
        fail(`${field}.count`, 'count');
    });
  }
}

/** @type {Record<BeaconProblemCode, string>} */
const ENGLISH = {
  object: 'must be an object',
  list: `must be a list of at most ${BEACON_LIMITS.remotes} entries`,
  'unknown-field': 'holds a field this schema does not know',
  schema: `must be ${BEACON_SCHEMA}`,
  environment: `must be an environment name (letters, digits, ".", "_", "-"; at most ${BEACON_LIMITS.environment})`,
  route: `must be a route pattern such as "/docs/:slug" (no query, fragment or host; at most ${BEACON_LIMITS.route} characters)`,
  remote: 'must be a remote name (lower-case letters and digits, starting with a letter)',
  version: `must be a version such as "1.4.0" (at most ${BEACON_LIMITS.version} characters)`,
  role: `must be one of ${ROLES.join(', ')}`,
  outcome: `must be one of ${OUTCOMES.join(', ')}`,
  twice: 'names a remote already named in this list',
  unlisted: "names a remote that is not among the page view's remotes",
  vital: `must be a number from 0 to ${BEACON_LIMITS.milliseconds} (milliseconds; CLS: 0 to ${BEACON_LIMITS.cls})`,
  count: `must be an integer from 1 to ${BEACON_LIMITS.errorCount}`,
};

/**
 * A problem as one English line, naming the field and never its value.
 *
 * @param {BeaconProblem} problem
 */
export function describeBeaconProblem({ field, code }) {
  if (field === 'views' && code === 'list') return `views must be a list of 1 to ${BEACON_LIMITS.views} page views`;
  return `${field === '' ? 'the beacon' : field} ${ENGLISH[code]}`;
}

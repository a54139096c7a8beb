// A remote's route table: the pages it serves, as its build writes them into its mf-manifest.json
// (next to its compatibility record) and `npm run remotes -- use` copies them into the registry
// entry that pins it. The shell builds its routes from the registry, so a page goes live with its
// remote's pin. The build, the CLI and the shell read tables with these rules.

/** The key of the route table inside a remote's mf-manifest.json. */
export const MANIFEST_ROUTES_KEY = 'routes';

/** The layouts and access rules this version of the contract knows; a shell build records those it renders. */
export const LAYOUTS = /** @type {const} */ (['main', 'account', 'standalone']);
export const ACCESS_RULES = /** @type {const} */ (['public', 'signed-in']);

/** Paths the shell serves itself: no remote may claim them. */
export const SHELL_PATHS = /** @type {const} */ (['/__remotes']);

/**
 * One path a page is shown at.
 *
 * @typedef {object} RoutePath
 * @property {string} path  "/blog"; absolute, no query, no hash, no trailing slash.
 * @property {string} [title]  the screen title after the product name (none: the product name alone).
 * @property {Readonly<Record<string, string | number | boolean>>} [props]  what the page's component gets at this path.
 */

/**
 * One page of a remote, serialisable.
 *
 * @typedef {object} RoutePage
 * @property {string} expose  the exposed component: "HomePage" is exposed as "./HomePage" and exports `HomePage`.
 * @property {string} what  what the page shows, for its slot's failure message.
 * @property {string} layout  one of LAYOUTS (a later contract may know more).
 * @property {string} access  one of ACCESS_RULES (a later contract may know more).
 * @property {readonly RoutePath[]} routes
 */

/** @typedef {readonly RoutePage[]} RouteTable */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const EXPOSE = /^[A-Z][A-Za-z0-9]*$/;
// Unreserved characters only (no `%`, no `\`, nothing a decoder or a file system reads as another
// character), and no segment of dots alone: `.` and `..` walk up a URL or a folder, and Windows drops
// trailing dots, so `...` would too. A page's file is named after its path: the path stays inside.
const SEGMENT = '(?!\\.+(?:/|$))[A-Za-z0-9._~-]+';
const PATH = new RegExp(`^/(?:${SEGMENT}(?:/${SEGMENT})*)?$`);

/**
 * Whether `value` is a route path as a route table may list it (the one rule for a path's form):
 * what a URL's path and a pages folder both read as the same place, inside the site.
 *
 * @param {unknown} value
 * @returns {value is string}
 */
export const isRoutePath = (value) => typeof value === 'string' && PATH.test(value);

/** @param {unknown} value */
function isProps(value) {
  return isRecord(value) && Object.values(value).every((item) => ['string', 'number', 'boolean'].includes(typeof item));
}

/**
 * One way a route table is malformed, without its wording: the shell's bundle checks a registry
 * with these and never shows them, so only the CLI and the build carry the English (describeRouteFault).
 *
 * @typedef {object} RouteFault
 * @property {'list' | 'object' | 'expose' | 'field' | 'routes' | 'path' | 'twice' | 'title' | 'props'} code
 * @property {number} [page]  the page's position, from 1.
 * @property {string} [detail]  the field ("what", "layout", "access") or the path concerned (as given, for 'path').
 */

/**
 * How `raw` is not a route table (none: it is one). Layouts and access rules are only checked to be
 * names here; whether a shell knows them is `unknownRules`.
 *
 * @param {unknown} raw
 * @returns {RouteFault[]}
 */
export function routeTableFaults(raw) {
  if (!Array.isArray(raw)) return [{ code: 'list' }];
  /** @type {RouteFault[]} */
  const faults = [];
  const paths = new Set();
  raw.forEach((page, index) => {
    /** @param {RouteFault['code']} code @param {string} [detail] */
    const fault = (code, detail) => faults.push({ code, page: index + 1, detail });
    if (!isRecord(page)) return fault('object');
    if (typeof page.expose !== 'string' || !EXPOSE.test(page.expose)) fault('expose');
    for (const field of ['what', 'layout', 'access']) {
      if (typeof page[field] !== 'string' || page[field] === '') fault('field', field);
    }
    if (!Array.isArray(page.routes) || page.routes.length === 0) return fault('routes');
    for (const route of page.routes) {
      if (!isRecord(route) || typeof route.path !== 'string' || !PATH.test(route.path)) {
        fault('path', isRecord(route) && typeof route.path === 'string' ? route.path : undefined);
        continue;
      }
      if (paths.has(route.path)) fault('twice', route.path);
      paths.add(route.path);
      if (route.title !== undefined && typeof route.title !== 'string') fault('title', route.path);
      if (route.props !== undefined && !isProps(route.props)) fault('props', route.path);
    }
    return undefined;
  });
  return faults;
}

/** @type {Record<RouteFault['code'], (detail: string) => string>} */
const FAULTS = {
  list: () => 'the route table must be a list of pages',
  object: () => 'must be an object',
  expose: () => '"expose" must be a component name such as "HomePage"',
  field: (field) => `"${field}" must be a non-empty string`,
  routes: () => '"routes" must list at least one path',
  path: (path) =>
    path === ''
      ? 'every route needs a "path" such as "/orders/history"'
      : `path ${JSON.stringify(path)} is not a route path: "/" then segments of letters, digits, ".", "_", "~" and "-", none of them "." or ".."`,
  twice: (path) => `path ${path} is listed twice`,
  title: (path) => `the title of ${path} must be a string`,
  props: (path) => `the props of ${path} must be an object of strings, numbers and booleans`,
};

/**
 * A fault as one English line.
 *
 * @param {RouteFault} fault
 */
export function describeRouteFault({ code, page, detail = '' }) {
  const text = FAULTS[code](detail);
  if (page === undefined) return text;
  return code === 'object' ? `page ${page} ${text}` : `page ${page}: ${text}`;
}

/**
 * Why `raw` is not a route table: one English line per problem (none: it is one).
 *
 * @param {unknown} raw
 * @returns {string[]}
 */
export function routeTableProblems(raw) {
  return routeTableFaults(raw).map(describeRouteFault);
}

/**
 * The layouts and access rules a table uses that a shell does not know, as English lines.
 *
 * @param {RouteTable} table
 * @param {{ layouts?: readonly string[], access?: readonly string[] }} known  what the shell renders
 *   (a record without the lists is a shell from before route tables: it knows this contract's).
 */
export function unknownRules(table, { layouts = LAYOUTS, access = ACCESS_RULES }) {
  /** @type {string[]} */
  const problems = [];
  for (const page of table) {
    if (!layouts.includes(page.layout))
      problems.push(
        `${page.expose}: layout "${page.layout}" is unknown to this shell (it knows ${layouts.join(', ')})`,
      );
    if (!access.includes(page.access))
      problems.push(`${page.expose}: access "${page.access}" is unknown to this shell (it knows ${access.join(', ')})`);
  }
  return problems;
}

/**
 * A path a remote's table claims that it may not: the shell keeps it (no `other`), or `other`
 * already serves it.
 *
 * @typedef {object} PathConflict
 * @property {string} path
 * @property {string} remote
 * @property {string} [other]
 */

/**
 * Paths of `table` (served by `remote`) that the shell keeps or another remote's table serves.
 *
 * @param {string} remote
 * @param {RouteTable} table
 * @param {Record<string, RouteTable | undefined>} others  the other remotes' tables, by remote.
 * @returns {PathConflict[]}
 */
export function pathConflictsOf(remote, table, others) {
  /** @type {PathConflict[]} */
  const conflicts = [];
  /** @type {Map<string, string>} */
  const owners = new Map();
  for (const [other, otherTable] of Object.entries(others)) {
    if (other === remote) continue;
    for (const page of otherTable ?? []) for (const { path } of page.routes) owners.set(path, other);
  }
  for (const page of table) {
    for (const { path } of page.routes) {
      if (/** @type {readonly string[]} */ (SHELL_PATHS).includes(path)) conflicts.push({ path, remote });
      else if (owners.has(path)) conflicts.push({ path, remote, other: owners.get(path) });
    }
  }
  return conflicts;
}

/**
 * A conflict as one English line, naming the path and both remotes.
 *
 * @param {PathConflict} conflict
 */
export function describePathConflict({ path, remote, other }) {
  return other === undefined
    ? `path ${path} of ${remote} is kept by the shell`
    : `path ${path} is served by both ${other} and ${remote}`;
}

/**
 * Paths of `table` (served by `remote`) that the shell keeps or another remote's table serves, as English lines.
 *
 * @param {string} remote
 * @param {RouteTable} table
 * @param {Record<string, RouteTable | undefined>} others  the other remotes' tables, by remote.
 * @returns {string[]}
 */
export function pathConflicts(remote, table, others) {
  return pathConflictsOf(remote, table, others).map(describePathConflict);
}

/**
 * The pages of a table, one per path, in table order.
 *
 * @param {RouteTable} table
 */
export function pathsOf(table) {
  return table.flatMap((page) => page.routes.map((route) => ({ ...route, page })));
}

// remotes.json / remotes.<env>.json: which build of each remote an environment's shell loads.
// The shell validates what it fetches with these rules, and so does the CLI before it touches a
// file. Problems carry a code and the offending field; each side words them for its reader
// (Vietnamese in the shell, English in the CLI). Outside the local environment a registry runs
// only verified pins and lets overrides point at https sites only: nothing in it turns a check off.
// The registry names the remotes: no side keeps a list of them, so a remote added to an
// environment is loaded by a shell built before it existed, and one left out has no routes.
import { candidateFault, isRecord, isStringList, isUrlLike, pinProblemsOf } from './pin.js';
import { describePathConflict, describeRouteFault, pathConflictsOf, routeTableFaults } from './routes.js';

/**
 * @typedef {object} RegistryPin
 * @property {string} entry  URL of the remote's mf-manifest.json, absolute or relative to the shell's page.
 * @property {string} [version]  the published version the entry points at.
 * @property {string[]} [previousVersions]  earlier pins, newest first (for rollback).
 * @property {import('./routes.js').RouteTable} [routes]  the pages the pinned build serves, copied from its
 *   manifest by `remotes use` (none: a dev server's entry, whose manifest the shell reads them from).
 * @property {string} [integrity]  sha384 of the pinned manifest's bytes (`sha384-<base64>`), written by
 *   `remotes use`: the shell and the prerender run nothing of a manifest with other bytes.
 * @property {CandidatePin} [candidate]  a version beside this stable one, for a share of visitors
 *   (`remotes canary`). A shell built before canaries ignores it: every visitor gets the stable pin.
 */

/**
 * @typedef {object} CandidatePin
 * @property {string} entry  its manifest, as a pin's `entry`
 * @property {string} version
 * @property {string} [integrity]  as a pin's; required outside the local environment
 * @property {import('./routes.js').RouteTable} [routes]  its pages, which may differ from the stable version's
 * @property {number} percent  whole percent of visitors (by a bucket each browser keeps) who get it, 1–100
 * @property {string} [started]  when `canary start` pinned it (ISO 8601)
 * @property {string} [stepped]  when its share last changed (ISO 8601)
 */

/**
 * @typedef {object} Registry
 * @property {string} environment
 * @property {Record<string, RegistryPin>} remotes  by remote name (REMOTE_NAME_PATTERN); outside LOCAL_ENVIRONMENT, every pin carries its `integrity`.
 * @property {string[]} allowedOverrideOrigins  origins a per-browser override may point a remote at
 *   (outside LOCAL_ENVIRONMENT: https, never this machine).
 * @property {string} [deployBaseUrl]  where published versions live (`<base>/<package>/<version>/`).
 */

/**
 * @typedef {'not-object' | 'no-remotes' | 'bad-remote-name' | 'bad-pin' | 'bad-entry' | 'bad-version'
 *   | 'bad-previous' | 'bad-origins' | 'bad-environment' | 'bad-deploy-base' | 'bad-integrity'
 *   | 'bad-routes' | 'route-conflict' | 'missing-integrity' | 'local-origins' | 'bad-candidate'} RegistryProblemCode
 */

/**
 * @typedef {object} RegistryProblem
 * @property {RegistryProblemCode} code
 * @property {string} field  the JSON path of the offending field ("remotes.auth.entry").
 * @property {string} [detail]  the names refused ('bad-remote-name'), the origins refused ('local-origins'), or
 *   what is wrong with a candidate ('bad-candidate').
 * @property {import('./routes.js').RouteFault} [fault]  how the routes are malformed ('bad-routes').
 * @property {import('./routes.js').PathConflict} [conflict]  the path claimed twice ('route-conflict').
 */

/**
 * The form of a remote's name: its federation name, the suffix of its package (`remote-<name>`)
 * and a key of the registry. Lower-case letters and digits, starting with a letter, so it is the
 * same word in a URL, a folder, a JavaScript identifier and a Prometheus label.
 */
export const REMOTE_NAME_PATTERN = /^[a-z][a-z0-9]{0,29}$/;

/** @param {string} name */
export const isRemoteNameForm = (name) => REMOTE_NAME_PATTERN.test(name);

/** REMOTE_NAME_PATTERN in English words, for the CLI's messages. */
export const REMOTE_NAME_RULE = 'a name is lower-case letters and digits, starting with a letter (at most 30)';

/** The environment of a developer's machine: dev servers' entries run unverified, overrides may point at them. */
export const LOCAL_ENVIRONMENT = 'local';

/**
 * Whether `hostname` (as a URL gives it: IPv4 in dotted decimal, IPv6 in brackets) names this
 * machine: `localhost` and its subdomains, 127.0.0.0/8, 0.0.0.0, ::1, ::, and IPv4-mapped loopback.
 *
 * @param {string} hostname
 */
export function isLoopbackHost(hostname) {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '0.0.0.0' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  return ['[::1]', '[::]', '[::ffff:0:0]'].includes(host) || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/**
 * Origins an override may not point at outside the local environment: plain http (anyone on the
 * way can change the code) and this machine (whatever a visitor, or a page, runs there).
 *
 * @param {readonly string[]} origins  valid origins
 */
function localOrigins(origins) {
  return origins.filter((origin) => {
    const url = new URL(origin);
    return url.protocol !== 'https:' || isLoopbackHost(url.hostname);
  });
}

/** @param {string} value */
function isOrigin(value) {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * The remotes a registry pins without a digest where it must carry one (outside LOCAL_ENVIRONMENT).
 *
 * @param {{ environment: unknown, remotes: Record<string, RegistryPin> }} registry
 * @returns {string[]}
 */
export function unverifiedPins({ environment, remotes }) {
  if (environment === LOCAL_ENVIRONMENT) return [];
  return Object.entries(remotes).flatMap(([name, pin]) => (pin.integrity === undefined ? [name] : []));
}

/**
 * @typedef {object} RefusedPin  a remote whose pin the registry names but no one may run
 * @property {RegistryProblem[]} problems  why
 * @property {unknown} pin  the pin as the file has it: a writer keeps another team's pin as it is
 * @property {import('./routes.js').RouteTable} [routes]  its routes, when they are well formed and
 *   claim no path of a pin that runs: the shell shows the refusal there, not a page not found
 */

/**
 * @typedef {{ registry: Registry, problems: RegistryProblem[], refused: Record<string, RefusedPin> }
 *   | { registry: null, problems: RegistryProblem[], refused: Record<string, RefusedPin> }} RegistryCheck
 */

/**
 * Validates the parsed contents of a registry file. Every remote it names is checked by its form,
 * not against a list: the registry is where the remotes of an environment are named. A problem of
 * one pin refuses that pin only (`refused`): the registry's other remotes run, so one team's broken
 * pin never takes another team's pages down. A problem of the whole file refuses it (`registry: null`).
 *
 * @param {unknown} raw
 * @param {{ acceptUnverified?: boolean }} [options]  `acceptUnverified`: for the commands that name a pin
 *   without its digest and pin it again (`remotes use`, `rollback`, `doctor`) and nothing else: such a
 *   pin is theirs to name (unverifiedPins), not a reason to refuse it. What runs pins never passes it.
 * @returns {RegistryCheck}
 */
export function validateRegistry(raw, { acceptUnverified = false } = {}) {
  if (!isRecord(raw)) return { registry: null, problems: [{ code: 'not-object', field: '' }], refused: {} };
  const { remotes, allowedOverrideOrigins = [], environment = LOCAL_ENVIRONMENT, deployBaseUrl } = raw;
  if (!isRecord(remotes)) return { registry: null, problems: [{ code: 'no-remotes', field: 'remotes' }], refused: {} };
  const registryProblems = registryFieldProblems({ allowedOverrideOrigins, environment, deployBaseUrl });
  /** @type {RegistryProblem[]} */
  const problems = [];
  const badNames = Object.keys(remotes).filter((name) => !isRemoteNameForm(name));
  if (badNames.length > 0) {
    problems.push({
      code: 'bad-remote-name',
      field: 'remotes',
      // Quoted and cut short: a name is whatever a tampered file holds.
      detail: badNames.map((name) => JSON.stringify(name.slice(0, 40))).join(', '),
    });
  }
  /** @type {Record<string, RegistryPin>} */
  const pins = {};
  /** @type {Record<string, RefusedPin>} */
  const refused = {};
  const checkUnverified = !acceptUnverified && environment !== LOCAL_ENVIRONMENT;
  for (const [name, pin] of Object.entries(remotes)) {
    if (!isRemoteNameForm(name)) continue;
    const pinProblems = pinProblemsOf(`remotes.${name}`, pin, checkUnverified);
    // Each remote against those before it, so a collision between two is said once.
    if (pinProblems.length === 0) {
      const routes = /** @type {RegistryPin} */ (pin).routes ?? [];
      for (const conflict of pathConflictsOf(name, routes, tablesOf(pins)))
        pinProblems.push({ code: 'route-conflict', field: `remotes.${name}.routes`, conflict });
    }
    if (pinProblems.length === 0) pins[name] = withCheckedCandidate(name, /** @type {RegistryPin} */ (pin));
    else refused[name] = { problems: pinProblems, pin };
    problems.push(...pinProblems);
  }
  /**
   * The pin, without a candidate nothing may run: its stable version keeps serving every visitor.
   *
   * @param {string} name
   * @param {RegistryPin} pin
   */
  function withCheckedCandidate(name, pin) {
    if (pin.candidate === undefined) return pin;
    const fault =
      candidateFault(pin.candidate, checkUnverified) ??
      pathConflictsOf(name, pin.candidate.routes ?? [], tablesOf(pins)).map(describePathConflict)[0];
    if (fault === undefined) return pin;
    problems.push({ code: 'bad-candidate', field: `remotes.${name}.candidate`, detail: fault });
    const stable = { ...pin };
    delete stable.candidate;
    return stable;
  }
  for (const [name, refusal] of Object.entries(refused)) {
    const routes = isRecord(refusal.pin) ? refusal.pin.routes : undefined;
    if (routes === undefined || routeTableFaults(routes).length > 0) continue;
    const table = /** @type {import('./routes.js').RouteTable} */ (routes);
    if (pathConflictsOf(name, table, tablesOf(pins)).length === 0) refusal.routes = table;
  }
  if (registryProblems.length > 0) return { registry: null, problems: [...registryProblems, ...problems], refused };
  return {
    registry: {
      ...raw,
      environment: /** @type {string} */ (environment),
      remotes: pins,
      allowedOverrideOrigins: /** @type {string[]} */ (allowedOverrideOrigins),
    },
    problems,
    refused,
  };
}

/**
 * Each remote's paths, its candidate's with its stable version's: a candidate's visitors get them.
 *
 * @param {Record<string, RegistryPin>} pins
 */
export const tablesOf = (pins) =>
  Object.fromEntries(
    Object.entries(pins).map(([name, pin]) => [name, [...(pin.routes ?? []), ...(pin.candidate?.routes ?? [])]]),
  );

/**
 * What is wrong with the fields of the whole registry: any of it refuses the file.
 *
 * @param {{ allowedOverrideOrigins: unknown, environment: unknown, deployBaseUrl: unknown }} fields
 * @returns {RegistryProblem[]}
 */
function registryFieldProblems({ allowedOverrideOrigins, environment, deployBaseUrl }) {
  /** @type {RegistryProblem[]} */
  const problems = [];
  if (!isStringList(allowedOverrideOrigins) || !allowedOverrideOrigins.every(isOrigin)) {
    problems.push({ code: 'bad-origins', field: 'allowedOverrideOrigins' });
  } else if (environment !== LOCAL_ENVIRONMENT && localOrigins(allowedOverrideOrigins).length > 0) {
    const detail = localOrigins(allowedOverrideOrigins).join(', ');
    problems.push({ code: 'local-origins', field: 'allowedOverrideOrigins', detail });
  }
  if (typeof environment !== 'string' || environment.trim() === '') {
    problems.push({ code: 'bad-environment', field: 'environment' });
  }
  if (deployBaseUrl !== undefined && (typeof deployBaseUrl !== 'string' || !isUrlLike(deployBaseUrl))) {
    problems.push({ code: 'bad-deploy-base', field: 'deployBaseUrl' });
  }
  return problems;
}

/** @type {Record<RegistryProblemCode, (problem: RegistryProblem) => string>} */
const ENGLISH = {
  'not-object': () => 'must contain a JSON object',
  'no-remotes': () => '"remotes" must be an object',
  'bad-remote-name': ({ detail }) => `remote name(s) ${detail} refused: ${REMOTE_NAME_RULE}`,
  'bad-pin': ({ field }) => `"${field}" must be an object with the entry of a mf-manifest.json`,
  'bad-entry': ({ field }) => `"${field}" must be the http(s) URL or the path of a mf-manifest.json`,
  'bad-version': ({ field }) => `"${field}" must be a string`,
  'bad-previous': ({ field }) => `"${field}" must be a list of versions`,
  'bad-origins': ({ field }) => `"${field}" must be a list of origins such as "https://cdn.example.com"`,
  'bad-environment': ({ field }) => `"${field}" must be a non-empty string`,
  'bad-deploy-base': ({ field }) => `"${field}" must be an http(s) URL or a path`,
  'bad-integrity': ({ field }) => `"${field}" must be a sha384 digest ("sha384-" and 64 base64 characters)`,
  'bad-routes': ({ field, fault }) => `"${field}" is not a route table: ${fault ? describeRouteFault(fault) : ''}`,
  'route-conflict': ({ conflict }) => (conflict ? describePathConflict(conflict) : ''),
  'missing-integrity': ({ field }) =>
    `"${field}" is missing: outside the local environment nothing runs a pin without its digest (pin it again with "remotes use")`,
  'bad-candidate': ({ field, detail }) => `"${field}" is refused, every visitor gets the stable version: ${detail}`,
  'local-origins': ({ field, detail }) =>
    `"${field}" may list only https origins off this machine outside the local environment (refused: ${detail})`,
};

/** @param {RegistryProblem} problem */
export function describeRegistryProblem(problem) {
  return ENGLISH[problem.code](problem);
}

// One pin of a registry, checked field by field: what registry.js accepts or refuses of each
// remote (and of its candidate), apart from the names and the whole file.
import { describeRouteFault, routeTableFaults } from './routes.js';

/** The form of a pin's digest, as Subresource Integrity writes a sha384 (48 bytes in base64). */
export const INTEGRITY_PATTERN = /^sha384-[A-Za-z0-9+/]{64}$/;

/** @param {unknown} value @returns {value is Record<string, unknown>} */
export function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** @param {unknown} value @returns {value is string[]} */
export function isStringList(value) {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * An http(s) URL or a path (resolved against the shell's page): never `javascript:`, `data:`,
 * `file:` or another scheme, which a loader would hand to the browser or to Node as they are.
 *
 * @param {string} value
 */
export function isUrlLike(value) {
  if (value.trim() === '') return false;
  try {
    const { protocol } = new URL(value, 'http://registry.invalid/');
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What is wrong with one pin. Outside the developer's machine, a pin without a digest would run
 * whatever its entry serves (`checkUnverified`).
 *
 * @param {string} field
 * @param {unknown} pin
 * @param {boolean} checkUnverified
 * @returns {import('./registry.js').RegistryProblem[]}
 */
export function pinProblemsOf(field, pin, checkUnverified) {
  if (!isRecord(pin)) return [{ code: 'bad-pin', field }];
  /** @type {import('./registry.js').RegistryProblem[]} */
  const problems = [];
  if (typeof pin.entry !== 'string' || !isUrlLike(pin.entry))
    problems.push({ code: 'bad-entry', field: `${field}.entry` });
  if (pin.version !== undefined && typeof pin.version !== 'string') {
    problems.push({ code: 'bad-version', field: `${field}.version` });
  }
  if (pin.previousVersions !== undefined && !isStringList(pin.previousVersions)) {
    problems.push({ code: 'bad-previous', field: `${field}.previousVersions` });
  }
  if (pin.integrity !== undefined && (typeof pin.integrity !== 'string' || !INTEGRITY_PATTERN.test(pin.integrity))) {
    problems.push({ code: 'bad-integrity', field: `${field}.integrity` });
  }
  if (checkUnverified && pin.integrity === undefined) {
    problems.push({ code: 'missing-integrity', field: `${field}.integrity` });
  }
  if (pin.routes !== undefined) {
    const [fault] = routeTableFaults(pin.routes);
    if (fault) problems.push({ code: 'bad-routes', field: `${field}.routes`, fault });
  }
  return problems;
}

/**
 * What is wrong with a candidate, in English, or nothing.
 *
 * @param {unknown} candidate
 * @param {boolean} checkUnverified  outside the local environment: a candidate needs its digest
 * @returns {string | undefined}
 */
export function candidateFault(candidate, checkUnverified) {
  if (!isRecord(candidate)) return 'must be an object with entry, version and percent';
  const { entry, version, integrity, routes, percent } = candidate;
  if (typeof entry !== 'string' || !isUrlLike(entry))
    return 'its entry must be the http(s) URL or the path of a mf-manifest.json';
  if (typeof version !== 'string' || version === '') return 'its version must be a string';
  if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 1 || percent > 100)
    return 'its percent must be a whole number from 1 to 100';
  if (integrity !== undefined && (typeof integrity !== 'string' || !INTEGRITY_PATTERN.test(integrity)))
    return 'its integrity must be a sha384 digest';
  if (checkUnverified && integrity === undefined)
    return 'it has no digest: nothing unverified runs outside the local environment';
  const [fault] = routes === undefined ? [] : routeTableFaults(routes);
  return fault ? `its routes are not a route table: ${describeRouteFault(fault)}` : undefined;
}

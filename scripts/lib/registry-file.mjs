// @ts-check
// remotes.json / remotes.<env>.json on disk: read and validated with the rules the shell applies
// (contracts/src/registry.js), written atomically.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describeRegistryProblem, validateRegistry } from '@devhub/contracts/registry';
import { WORKSPACE_ROOT, remoteApps } from './workspace.mjs';

/** @typedef {import('@devhub/contracts/registry').Registry} Registry */

export const REGISTRY_DIR = join(WORKSPACE_ROOT, 'shell', 'public');

/** An error the CLI reports as one clear line (exit 1), not as a crash. */
export class CliError extends Error {
  /** @override */
  name = 'CliError';
}

/** The remotes a registry pins, and the package each is published as. */
const REMOTES = Object.fromEntries(remoteApps().map((app) => [app.name, app.packageName]));
export const REMOTE_NAMES = Object.keys(REMOTES);

/**
 * @param {string | undefined} env
 * @param {string} [dir]
 */
export function registryPath(env, dir = REGISTRY_DIR) {
  if (env !== undefined && !/^[a-z0-9][a-z0-9-]*$/i.test(env)) {
    throw new CliError(`invalid environment name "${env}" (letters, digits and dashes)`);
  }
  return join(dir, env && env !== 'local' ? `remotes.${env}.json` : 'remotes.json');
}

/**
 * @param {string} file
 * @returns {Registry}
 */
export function readRegistry(file) {
  if (!existsSync(file)) throw new CliError(`${file} does not exist`);
  let raw;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { registry, problems } = validateRegistry(raw, REMOTE_NAMES);
  if (!registry) {
    throw new CliError(
      `${file}: ${problems.map((problem) => describeRegistryProblem(problem, REMOTE_NAMES)).join('; ')}`,
    );
  }
  return registry;
}

/**
 * Temp file + rename: a reader (the shell, a server) never sees a half-written registry.
 *
 * @param {string} file
 * @param {Registry} registry
 */
export function writeRegistry(file, registry) {
  const temp = join(dirname(file), `.${Date.now()}-${process.pid}.remotes.tmp`);
  writeFileSync(temp, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(temp, file);
}

/**
 * The manifest URL of a published version, from the registry's deploy base URL.
 *
 * @param {Registry} registry
 * @param {string} remote
 * @param {string} version
 */
export function versionEntry(registry, remote, version) {
  const base = registry.deployBaseUrl ?? '/deploy/';
  return `${base.endsWith('/') ? base : `${base}/`}${REMOTES[remote]}/${version}/mf-manifest.json`;
}

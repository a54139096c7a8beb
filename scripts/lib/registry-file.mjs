// remotes.json / remotes.<env>.json: read, validate, write atomically. The same rules as the
// shell's parser (shell/src/app/federation/remote-registry.ts), plus the CLI's own fields.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './apps.mjs';

export const REMOTE_MODULES = JSON.parse(readFileSync(join(ROOT, 'shared/src/remote-modules.json'), 'utf8'));
export const REMOTE_NAMES = Object.keys(REMOTE_MODULES);
export const REGISTRY_DIR = join(ROOT, 'shell', 'public');

export class CliError extends Error {
  name = 'CliError';
}

export function registryPath(env, dir = REGISTRY_DIR) {
  if (env !== undefined && !/^[a-z0-9][a-z0-9-]*$/i.test(env)) {
    throw new CliError(`invalid environment name "${env}" (letters, digits and dashes)`);
  }
  return join(dir, env && env !== 'local' ? `remotes.${env}.json` : 'remotes.json');
}

function isRecord(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Throws a CliError naming the file and the offending field. */
export function validateRegistry(raw, file) {
  const fail = (message) => {
    throw new CliError(`${file}: ${message}`);
  };
  if (!isRecord(raw)) fail('must contain a JSON object');
  if (!isRecord(raw.remotes)) fail('"remotes" must be an object');
  const unknown = Object.keys(raw.remotes).filter((name) => !REMOTE_NAMES.includes(name));
  if (unknown.length > 0) fail(`unknown remote(s): ${unknown.join(', ')} (known: ${REMOTE_NAMES.join(', ')})`);
  for (const name of REMOTE_NAMES) {
    const entry = raw.remotes[name];
    if (!isRecord(entry)) fail(`"remotes.${name}" is missing`);
    if (typeof entry.entry !== 'string' || entry.entry.trim() === '')
      fail(`"remotes.${name}.entry" must be a manifest URL`);
    if (entry.version !== undefined && typeof entry.version !== 'string')
      fail(`"remotes.${name}.version" must be a string`);
    if (
      entry.previousVersions !== undefined &&
      !(Array.isArray(entry.previousVersions) && entry.previousVersions.every((v) => typeof v === 'string'))
    ) {
      fail(`"remotes.${name}.previousVersions" must be a list of versions`);
    }
  }
  if (
    raw.allowedOverrideOrigins !== undefined &&
    !(Array.isArray(raw.allowedOverrideOrigins) && raw.allowedOverrideOrigins.every((o) => typeof o === 'string'))
  ) {
    fail('"allowedOverrideOrigins" must be a list of origins');
  }
  if (raw.deployBaseUrl !== undefined && typeof raw.deployBaseUrl !== 'string')
    fail('"deployBaseUrl" must be a string');
  return raw;
}

export function readRegistry(file) {
  if (!existsSync(file)) throw new CliError(`${file} does not exist`);
  let raw;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${error.message}`);
  }
  return validateRegistry(raw, file);
}

/** Temp file + rename: a reader (the shell, a server) never sees a half-written registry. */
export function writeRegistry(file, registry) {
  const temp = join(dirname(file), `.${Date.now()}-${process.pid}.remotes.tmp`);
  writeFileSync(temp, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(temp, file);
}

/** The manifest URL of a published version, from the registry's deploy base URL. */
export function versionEntry(registry, remote, version) {
  const base = registry.deployBaseUrl ?? '/deploy/';
  const pkg = REMOTE_MODULES[remote].package;
  return `${base.endsWith('/') ? base : `${base}/`}${pkg}/${version}/mf-manifest.json`;
}

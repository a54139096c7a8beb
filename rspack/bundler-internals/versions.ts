import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { WORKSPACE_ROOT } from '../app.ts';

/**
 * The one place (this folder) the build relies on what Rspack and Module Federation do not promise across
 * versions: the emitted mf-manifest.json, module identifiers, dependency type names, the chunk
 * graph of federated modules, the layout of the runtime packages, and experimental plugin options.
 * Each reader checks the shape it expects and throws, naming the internal and the versions, when
 * the shape is not there: an upgrade then fails the build with a reason instead of writing a
 * manifest or a record with parts silently missing. `npm run check:upgrade` tries the newest
 * versions against it.
 */

/** The versions this folder was written and checked against. Another version is not an error by itself. */
export const WRITTEN_FOR = {
  '@rspack/core': '2.3.2',
  '@module-federation/enhanced': '2.9.2',
} as const;

export type BundlerPackage = keyof typeof WRITTEN_FOR;

/** Resolves from the workspace's root, where the bundler's packages are installed. */
export const requireFromRoot = createRequire(join(WORKSPACE_ROOT, 'package.json'));
const versionCache = new Map<string, string>();

/**
 * The installed version of a package, from its package.json. Found from its main file, since
 * not every package exports its package.json.
 */
export function installedVersion(name: string): string {
  const cached = versionCache.get(name);
  if (cached) return cached;
  let dir = dirname(requireFromRoot.resolve(name));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) {
        versionCache.set(name, pkg.version);
        return pkg.version;
      }
    }
    if (dirname(dir) === dir) throw new Error(`no package.json of ${name} above ${requireFromRoot.resolve(name)}`);
    dir = dirname(dir);
  }
}

/** The versions this folder was written for, and those installed when they differ. */
export function versionsNote(installed: (name: BundlerPackage) => string = installedVersion): string {
  const packages = Object.keys(WRITTEN_FOR) as BundlerPackage[];
  const list = (version: (name: BundlerPackage) => string) =>
    packages.map((name) => `${name} ${version(name)}`).join(', ');
  const written = list((name) => WRITTEN_FOR[name]);
  return packages.every((name) => installed(name) === WRITTEN_FOR[name])
    ? `written for ${written}, the versions installed`
    : `written for ${written}; installed: ${list(installed)}. Adapt rspack/bundler-internals/ to the installed versions`;
}

/** What the build expected of Rspack or Module Federation and did not find. */
export class BundlerInternalsError extends Error {
  override name = 'BundlerInternalsError';

  constructor(
    /** The internal relied on, e.g. "mf-manifest.json" or "dependency type 'container exposed'". */
    readonly internal: string,
    problem: string,
  ) {
    super(`bundler internals: ${internal}: ${problem} (${versionsNote()})`);
  }
}

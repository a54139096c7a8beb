// `npm ci` installs exactly what package-lock.json lists and refuses a lock that lacks a package the
// manifests ask for. On Linux, npm resolves only Linux's native bindings unless the lock was written to
// cover every platform, and a teammate on macOS or Windows (or a CI image of another kind) then cannot
// install at all. This checks, offline, that every optional dependency of every locked package is
// itself locked, whatever platform it is for.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './apps.mjs';

/** Where Node would look for `name` from the package installed at `location` (innermost first). */
function candidateLocations(location, name) {
  const candidates = [];
  let base = location;
  for (;;) {
    candidates.push(base ? `${base}/node_modules/${name}` : `node_modules/${name}`);
    if (!base) return candidates;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/** @param {{ packages: Record<string, { optionalDependencies?: Record<string, string> }> }} lock */
export function unlockedOptionalDependencies(lock) {
  const missing = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!candidateLocations(location, name).some((candidate) => candidate in lock.packages)) {
        missing.push(`${name} (wanted by ${location || 'the root'})`);
      }
    }
  }
  return missing;
}

describe('package-lock.json', () => {
  it('locks every optional dependency of every platform, so npm ci works on any machine', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
    expect(unlockedOptionalDependencies(lock)).toEqual([]);
  });

  it('notices a platform binding that the lock leaves out', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/@rspack/binding': {
          optionalDependencies: { '@rspack/binding-linux-x64-gnu': '1.0.0', '@rspack/binding-darwin-arm64': '1.0.0' },
        },
        'node_modules/@rspack/binding-linux-x64-gnu': {},
      },
    };
    expect(unlockedOptionalDependencies(lock)).toEqual([
      '@rspack/binding-darwin-arm64 (wanted by node_modules/@rspack/binding)',
    ]);
  });
});

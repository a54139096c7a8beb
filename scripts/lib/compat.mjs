// Which singleton versions a remote may load against the shell: the rules `remotes use`,
// `remotes doctor` and the shell's remotes panel apply.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { satisfy } from '@module-federation/enhanced/runtime';
import { ROOT } from './apps.mjs';

export function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function major(version) {
  return Number.parseInt(String(version).replace(/^[^\d]*/, ''), 10);
}

/**
 * The shell's singletons: the version it provides (installed) and the range it requires
 * (its package.json), per shared request.
 */
export function shellSingletons(shellDir = join(ROOT, 'shell')) {
  const pkg = JSON.parse(readFileSync(join(shellDir, 'package.json'), 'utf8'));
  const require = createRequire(join(shellDir, 'package.json'));
  const result = new Map();
  for (const [name, range] of Object.entries(pkg.dependencies ?? {})) {
    try {
      const installed = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8'));
      result.set(name, { version: installed.version, requiredVersion: range });
    } catch {
      // A dependency without a readable package.json is not a shared singleton candidate.
    }
  }
  return result;
}

/**
 * @param {Map<string,{version:string,requiredVersion:string}>} shell per package
 * @param {Array<{name:string,version:string,requiredVersion?:string|false,singleton?:boolean}>} remoteShared manifest.shared
 * @returns {string[]} one line per incompatibility
 */
export function sharedProblems(shell, remoteShared) {
  const problems = [];
  for (const shared of remoteShared ?? []) {
    if (!shared.singleton) continue;
    const host = shell.get(packageOf(shared.name));
    if (!host) continue;
    if (major(shared.version) !== major(host.version)) {
      problems.push(
        `${shared.name}: built with ${shared.version}, the shell provides ${host.version} (different major)`,
      );
    } else if (!satisfy(shared.version, host.requiredVersion)) {
      problems.push(`${shared.name}: built with ${shared.version}, outside the shell's range ${host.requiredVersion}`);
    } else if (shared.requiredVersion && !satisfy(host.version, shared.requiredVersion)) {
      problems.push(`${shared.name}: requires ${shared.requiredVersion}, the shell provides ${host.version}`);
    }
  }
  return problems;
}

/** Exposes the shell's route table needs that the manifest lacks. */
export function missingExposes(required, manifest) {
  const exposed = new Set((manifest.exposes ?? []).map((expose) => expose.path ?? `./${expose.name}`));
  return required.filter((path) => !exposed.has(path));
}

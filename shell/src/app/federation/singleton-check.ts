import { satisfy } from '@module-federation/enhanced/runtime';

export interface HostShared {
  version: string;
  requiredVersion?: string | false;
}

function packageOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? request);
}

function major(version: string): number {
  return Number.parseInt(version.replace(/^[^\d]*/, ''), 10);
}

/**
 * The same rules as `npm run remotes -- use/doctor` (scripts/lib/compat.mjs): a remote's
 * singleton must share the shell's major, sit in the shell's range, and accept the shell's version.
 */
export function singletonWarnings(
  host: ReadonlyMap<string, HostShared>,
  remoteShared: ReadonlyArray<{ name: string; version: string; requiredVersion?: string | false; singleton?: boolean }>,
): string[] {
  const warnings: string[] = [];
  for (const shared of remoteShared) {
    if (shared.singleton === false) continue;
    const provided = host.get(shared.name) ?? host.get(packageOf(shared.name));
    if (!provided) continue;
    if (major(shared.version) !== major(provided.version)) {
      warnings.push(
        `${shared.name}: remote built with ${shared.version}, shell provides ${provided.version} (different major)`,
      );
    } else if (provided.requiredVersion && !satisfy(shared.version, provided.requiredVersion)) {
      warnings.push(
        `${shared.name}: remote built with ${shared.version}, outside the shell's range ${provided.requiredVersion}`,
      );
    } else if (shared.requiredVersion && !satisfy(provided.version, shared.requiredVersion)) {
      warnings.push(`${shared.name}: remote requires ${shared.requiredVersion}, shell provides ${provided.version}`);
    }
  }
  return warnings;
}

// The commands behind `npm run remotes -- …`, written as functions so tests run them on
// temporary folders.
import { CliError, REMOTE_MODULES, REMOTE_NAMES, readRegistry, versionEntry, writeRegistry } from './registry-file.mjs';
import { missingExposes, sharedProblems, shellSingletons } from './compat.mjs';
import { checkEntryScript, loadManifest } from './manifest.mjs';

function assertRemote(remote) {
  if (!REMOTE_NAMES.includes(remote)) {
    throw new CliError(`unknown remote "${remote ?? ''}" (known: ${REMOTE_NAMES.join(', ')})`);
  }
}

/** Every reason a manifest may not be pinned: exposes missing, singletons incompatible. */
export function manifestProblems(remote, manifest, shell = shellSingletons()) {
  const problems = [];
  const missing = missingExposes(REMOTE_MODULES[remote].exposes, manifest);
  if (missing.length > 0) problems.push(`does not expose ${missing.join(', ')}, which the shell's routes need`);
  problems.push(...sharedProblems(shell, manifest.shared));
  return problems;
}

export function list({ registryFile }) {
  const registry = readRegistry(registryFile);
  return REMOTE_NAMES.map((name) => {
    const pin = registry.remotes[name];
    return {
      remote: name,
      version: pin.version ?? '(unversioned)',
      entry: pin.entry,
      previous: (pin.previousVersions ?? []).join(', '),
    };
  });
}

/** Pins `version`; refuses (registry untouched) anything that could not run in the shell. */
export async function use({ registryFile, remote, version, deployDir, baseUrl, shell, timeoutMs }) {
  assertRemote(remote);
  if (!version) throw new CliError('which version? usage: remotes use <remote> <version>');
  const registry = readRegistry(registryFile);
  const entry = versionEntry(registry, remote, version);
  const { manifest, location } = await loadManifest(entry, { deployDir, baseUrl, timeoutMs });
  const problems = manifestProblems(remote, manifest, shell);
  if (problems.length > 0) throw new CliError(`refusing ${remote}@${version}:\n  - ${problems.join('\n  - ')}`);
  await checkEntryScript(manifest, location, { timeoutMs });
  const current = registry.remotes[remote];
  if (current.version === version && current.entry === entry) return { remote, version, entry, changed: false };
  const previousVersions = current.version
    ? [current.version, ...(current.previousVersions ?? [])].slice(0, 20)
    : (current.previousVersions ?? []);
  registry.remotes[remote] = { ...current, entry, version, previousVersions };
  writeRegistry(registryFile, registry);
  return { remote, version, entry, changed: true, previous: current.version };
}

/** Back to the version pinned before the current one (checked like `use`). */
export async function rollback({ registryFile, remote, deployDir, baseUrl, shell, timeoutMs }) {
  assertRemote(remote);
  const registry = readRegistry(registryFile);
  const current = registry.remotes[remote];
  const [previous, ...older] = current.previousVersions ?? [];
  if (!previous) throw new CliError(`${remote} has no previously pinned version to roll back to`);
  const entry = versionEntry(registry, remote, previous);
  const { manifest, location } = await loadManifest(entry, { deployDir, baseUrl, timeoutMs });
  const problems = manifestProblems(remote, manifest, shell);
  if (problems.length > 0)
    throw new CliError(`refusing to roll ${remote} back to ${previous}:\n  - ${problems.join('\n  - ')}`);
  await checkEntryScript(manifest, location, { timeoutMs });
  registry.remotes[remote] = { ...current, entry, version: previous, previousVersions: older };
  writeRegistry(registryFile, registry);
  return { remote, version: previous, entry, from: current.version };
}

/** Checks every remote of the environment; one row each. */
export async function doctor({ registryFile, deployDir, baseUrl, shell = shellSingletons(), timeoutMs }) {
  const registry = readRegistry(registryFile);
  const rows = [];
  for (const remote of REMOTE_NAMES) {
    const pin = registry.remotes[remote];
    const row = {
      remote,
      version: pin.version ?? '-',
      manifest: '-',
      exposes: '-',
      shared: '-',
      entry: '-',
      problems: [],
    };
    try {
      const { manifest, location } = await loadManifest(pin.entry, { deployDir, baseUrl, timeoutMs });
      row.manifest = 'ok';
      row.version = manifest.metaData?.buildInfo?.buildVersion ?? row.version;
      const missing = missingExposes(REMOTE_MODULES[remote].exposes, manifest);
      row.exposes = missing.length === 0 ? 'ok' : `missing ${missing.join(', ')}`;
      if (missing.length > 0) row.problems.push(`missing exposes: ${missing.join(', ')}`);
      const shared = sharedProblems(shell, manifest.shared);
      row.shared = shared.length === 0 ? 'ok' : `${shared.length} incompatible`;
      row.problems.push(...shared);
      try {
        await checkEntryScript(manifest, location, { timeoutMs });
        row.entry = 'ok';
      } catch (error) {
        row.entry = 'unreachable';
        row.problems.push(error.message);
      }
    } catch (error) {
      row.manifest = 'unreachable';
      row.problems.push(error.message);
    }
    rows.push(row);
  }
  return { rows, ok: rows.every((row) => row.problems.length === 0) };
}

export function formatTable(rows, columns) {
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => String(row[column] ?? '').length)),
  );
  const line = (cells) =>
    cells
      .map((cell, index) => String(cell ?? '').padEnd(widths[index]))
      .join('  ')
      .trimEnd();
  return [
    line(columns),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map((row) => line(columns.map((column) => row[column]))),
  ].join('\n');
}

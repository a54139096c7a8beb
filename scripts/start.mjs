// `npm start`: the auth API and every app's dev server in one terminal, then a banner.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { API, APPS, ROOT, appDir } from './lib/apps.mjs';
import { ProcessGroup, isPortFree, waitForPort } from './lib/processes.mjs';
import { CliError, readRegistry, registryPath } from './lib/registry-file.mjs';

const rspackCli = join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');

const USAGE = `usage: npm start [-- --remotes <env> [--local <remote>[,<remote>…]]]
  --remotes <env>   run the shell against shell/public/remotes.<env>.json (or DEVHUB_REMOTES)
  --local <names>   with --remotes: serve these remotes from local dev servers instead`;

/**
 * Which apps run locally, and the registry the shell's dev server serves: all local by
 * default; with --remotes, that environment's pins, except the remotes named in --local.
 */
function plan(values) {
  const env = values.remotes ?? process.env.DEVHUB_REMOTES;
  const local = (values.local ?? process.env.DEVHUB_LOCAL ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const remotes = APPS.filter((app) => app.kind === 'remote');
  const unknown = local.filter((name) => !remotes.some((app) => app.id === name));
  if (unknown.length > 0)
    throw new CliError(
      `unknown remote(s) for --local: ${unknown.join(', ')} (known: ${remotes.map((app) => app.id).join(', ')})`,
    );
  if (!env) {
    if (local.length > 0) throw new CliError('--local only makes sense with --remotes <env>');
    return { apps: APPS, registryFile: undefined, env: 'local' };
  }
  const registry = readRegistry(registryPath(env));
  for (const app of remotes.filter((candidate) => local.includes(candidate.id))) {
    registry.remotes[app.id] = { entry: `http://localhost:${app.port}/mf-manifest.json` };
    registry.allowedOverrideOrigins = [
      ...new Set([...(registry.allowedOverrideOrigins ?? []), `http://localhost:${app.port}`]),
    ];
  }
  const registryFile = join(mkdtempSync(join(tmpdir(), 'devhub-registry-')), 'remotes.json');
  writeFileSync(registryFile, JSON.stringify(registry, null, 2));
  return { apps: APPS.filter((app) => app.kind === 'host' || local.includes(app.id)), registryFile, env };
}

async function main() {
  const { values } = parseArgs({
    options: { remotes: { type: 'string' }, local: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const { apps, registryFile, env } = plan(values);

  const busy = [];
  for (const { id, port } of [...apps, API]) {
    if (!(await isPortFree(port))) busy.push(`${id} (${port})`);
  }
  if (busy.length > 0) {
    console.error(
      `Ports already in use: ${busy.join(', ')}. Stop whatever runs there (another "npm start"?) and retry.`,
    );
    process.exit(1);
  }

  // The auth API is TypeScript compiled by tsc; a fresh clone has no build yet.
  const build = spawnSync('npm', ['run', 'build', '-w', API.dir], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Could not build auth-api (see above).');
    process.exit(build.status ?? 1);
  }

  const group = new ProcessGroup();
  group.run(API.id, process.execPath, ['dist/main.js'], {
    cwd: join(ROOT, API.dir),
    env: { ...process.env, PORT: String(API.port) },
  });
  for (const app of apps) {
    group.run(app.id, process.execPath, [rspackCli, 'serve'], {
      cwd: appDir(app),
      env: { ...process.env, NODE_ENV: 'development', ...(registryFile ? { DEVHUB_REGISTRY_FILE: registryFile } : {}) },
    });
  }

  await Promise.all([...apps, API].map(({ port }) => waitForPort(port)));
  const rows = [
    ...apps.map((app) => `  ${app.id.padEnd(9)} http://localhost:${app.port}/`),
    `  ${API.id.padEnd(9)} http://localhost:${API.port}/api/health`,
  ];
  const source =
    env === 'local'
      ? 'all remotes local'
      : `remotes from "${env}"${
          apps.length > 1
            ? `, local: ${apps
                .filter((app) => app.kind === 'remote')
                .map((app) => app.id)
                .join(', ')}`
            : ''
        }`;
  console.log(
    `\nDevHub is running (${source}):\n${rows.join('\n')}\n\nOpen http://localhost:3000/ — Ctrl-C stops everything.\n`,
  );
}

main().catch((error) => {
  console.error(error instanceof CliError ? `start: ${error.message}` : error instanceof Error ? error.message : error);
  process.exit(1);
});

// `npm start`: the auth API and every app's dev server in one terminal, then a banner.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { API, APPS, ROOT, appDir } from './lib/apps.mjs';
import { ProcessGroup, isPortFree, waitForPort } from './lib/processes.mjs';

const rspackCli = join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');

async function main() {
  const busy = [];
  for (const { id, port } of [...APPS, API]) {
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
  for (const app of APPS) {
    group.run(app.id, process.execPath, [rspackCli, 'serve'], {
      cwd: appDir(app),
      env: { ...process.env, NODE_ENV: 'development' },
    });
  }

  await Promise.all([...APPS, API].map(({ port }) => waitForPort(port)));
  const rows = [
    ...APPS.map((app) => `  ${app.id.padEnd(9)} http://localhost:${app.port}/`),
    `  ${API.id.padEnd(9)} http://localhost:${API.port}/api/health`,
  ];
  console.log(`\nDevHub is running:\n${rows.join('\n')}\n\nOpen http://localhost:3000/ — Ctrl-C stops everything.\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// @ts-check
// The local environment's registry, derived from the workspace rather than committed: every remote
// app at its dev server (or, under `npm run preview`, at the preview's server on the same port). A
// remote added to the workspace is in it with no file edited; `npm start` and `npm run preview`
// write it to a temporary file for the shell to serve as /remotes.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_ENVIRONMENT } from '@devhub/contracts/registry';

/**
 * @param {ReadonlyArray<{ id: string, port: number }>} remotes  each remote by its name, on its port
 * @returns {import('@devhub/contracts/registry').Registry}
 */
export function localRegistry(remotes) {
  return {
    environment: LOCAL_ENVIRONMENT,
    // Scheme-relative: the dev shell (http) and the preview's (https) each read them on their own scheme.
    remotes: Object.fromEntries(remotes.map(({ id, port }) => [id, { entry: `//localhost:${port}/mf-manifest.json` }])),
    // A developer may point a remote at another of this machine's dev servers, on either scheme.
    allowedOverrideOrigins: remotes.flatMap(({ port }) => [`http://localhost:${port}`, `https://localhost:${port}`]),
  };
}

/**
 * `registry` in a temporary remotes.json, removed when this process exits: what a server of this
 * machine serves as /remotes.json (npm start's dev shell, npm run preview).
 *
 * @param {import('@devhub/contracts/registry').Registry} registry
 * @returns {string} the file
 */
export function temporaryRegistryFile(registry) {
  const dir = mkdtempSync(join(tmpdir(), 'devhub-registry-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'remotes.json');
  writeFileSync(file, JSON.stringify(registry, null, 2));
  return file;
}

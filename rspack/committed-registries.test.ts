import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unverifiedPins, validateRegistry } from '@devhub/contracts/registry';
import type { RemoteRouteTable } from '@devhub/shared/remote-contract';
import { ROUTES as ACCOUNT } from '../remote-account/src/app/routes.ts';
import { ROUTES as AUTH } from '../remote-auth/src/app/routes.ts';
import { ROUTES as CATALOG } from '../remote-catalog/src/app/routes.ts';
import { WORKSPACE_ROOT } from './app.ts';

// The preview registry committed with the shell pins the remotes built from this tree: its routes
// are what those builds write into their manifests, so they are generated from the remotes' tables
// (one source of truth). UPDATE_REGISTRIES=1 npx jest rspack/committed-registries.test.ts rewrites it.
// The local environment's registry is not committed: npm start derives it from the workspace
// (scripts/lib/local-registry.mjs), every remote at its dev server, whose manifest the shell reads
// the routes from, so a new page or a new remote shows up without touching a file.
const TABLES: Record<string, RemoteRouteTable> = { catalog: CATALOG, auth: AUTH, account: ACCOUNT };
const FILES = ['shell/public/remotes.preview.json'];

/** A table as a build publishes it: without its source files. */
const published = (table: RemoteRouteTable) => table.map(({ file: _file, ...page }) => page);

describe.each(FILES)('%s', (file) => {
  const path = join(WORKSPACE_ROOT, file);
  const registry = JSON.parse(readFileSync(path, 'utf8')) as { remotes: Record<string, { routes?: unknown }> };
  const expected = structuredClone(registry);
  for (const [remote, pin] of Object.entries(expected.remotes)) pin.routes = published(TABLES[remote] ?? []);
  if (process.env.UPDATE_REGISTRIES === '1') writeFileSync(path, `${JSON.stringify(expected, null, 2)}\n`);

  it("lists each remote's routes as its route table gives them", () => {
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(expected);
  });
});

// The committed registries as the shell and the CLI read them. The preview's pins carry no digest
// (those are of each machine's own deploy, which `remotes use` writes): nothing runs them until then,
// and nothing else in it may need relaxing, least of all an override allow-list on this machine.
describe('the committed registries', () => {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(WORKSPACE_ROOT, file), 'utf8'));

  it('remotes.preview.json lacks only the digests `remotes use` writes, and allows no override origin', () => {
    const raw = read('shell/public/remotes.preview.json');
    const { registry, problems } = validateRegistry(raw, { acceptUnverified: true });
    expect(problems).toEqual([]);
    expect(registry?.allowedOverrideOrigins).toEqual([]);
    expect(registry && unverifiedPins(registry)).toEqual(Object.keys(registry?.remotes ?? {}));
    expect(validateRegistry(raw).problems.map((problem) => problem.code)).toEqual([
      'missing-integrity',
      'missing-integrity',
      'missing-integrity',
    ]);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteRouteTable } from '@devhub/shared/remote-contract';
import { ROUTES as ACCOUNT } from '../remote-account/src/app/routes.ts';
import { ROUTES as AUTH } from '../remote-auth/src/app/routes.ts';
import { ROUTES as CATALOG } from '../remote-catalog/src/app/routes.ts';
import { WORKSPACE_ROOT } from './app.ts';

// The preview registry committed with the shell pins the remotes built from this tree: its routes
// are what those builds write into their manifests, so they are generated from the remotes' tables
// (one source of truth). UPDATE_REGISTRIES=1 npx jest rspack/committed-registries.test.ts rewrites it.
// The dev registry (remotes.json) carries none: its entries are the dev servers, whose manifests
// the shell reads the routes from, so a new page shows up without touching it.
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

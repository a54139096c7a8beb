// The one place the browser tests learn the product's routes: every path of the shell's route
// table and the remote module it shows. When the table moves, only this line's source changes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

const routeModules: Record<string, string> = JSON.parse(
  readFileSync(join(ROOT, 'shell/src/app/route-modules.json'), 'utf8'),
);

export interface Route {
  path: string;
  /** The exposed module the route shows, e.g. `catalog/HomePage`. */
  module: string;
}

export const ROUTES: readonly Route[] = Object.entries(routeModules).map(([path, module]) => ({ path, module }));

export function moduleOf(path: string): string {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`${path} is not in the route table`);
  return route.module;
}

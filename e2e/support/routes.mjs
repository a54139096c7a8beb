// The spec's eleven paths, read from the shell's route map so the tests follow the product.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

export const ROUTE_PATHS = Object.keys(
  JSON.parse(readFileSync(join(ROOT, 'shell/src/app/route-modules.json'), 'utf8')),
);

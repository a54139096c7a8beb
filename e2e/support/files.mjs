// Small helpers the browser tests share.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One hash over every file name and byte below `dir`: proves a build output was not touched. */
export function hashTree(dir) {
  const hash = createHash('sha256');
  const walk = (current) => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(name).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

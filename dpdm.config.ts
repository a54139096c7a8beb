// The import-cycle check, `npm run check:cycles` (part of `npm run lint`, so of `npm test`): dpdm
// over every workspace and every platform folder, `@devhub/*` imports resolved through the repo's
// tsconfig files as the build resolves them (package `exports`), type-only imports and import()
// counted as edges. It exits 1 and names each cycle it finds. (dpdm loads this file as CommonJS.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const { workspaces } = JSON.parse(readFileSync(join(__dirname, 'package.json'), 'utf8')) as { workspaces: string[] };

/** Source folders that are no npm workspace: the platform's CLIs, the build, the bench, test helpers. */
const FOLDERS = [...workspaces, 'scripts', 'rspack', 'bench', 'test-support', 'types'];

export default {
  files: [...FOLDERS.map((folder) => `${folder}/**/*.{ts,tsx,js,mjs,cjs}`), '*.{ts,js,mjs,cjs}'],
  extensions: ['', '.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
  js: ['.ts', '.tsx', '.mjs', '.js', '.cjs'],
  // Installed packages, build output and reports, dot-folders (deploys, prerenders, caches), the
  // build tests' fixture apps, generated data.
  exclude:
    /\/(node_modules|dist|dist-server|coverage|test-fixtures|artifacts|report|test-results)\/|\/\.[^/]+\/|\.gen\.ts$/,
  tree: false,
  warning: false,
  progress: false,
  exitCode: 'circular:1',
};

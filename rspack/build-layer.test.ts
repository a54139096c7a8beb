import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { WORKSPACE_ROOT } from './app.ts';

const ESLINT_API = pathToFileURL(createRequire(import.meta.url).resolve('eslint')).href;

// ESLint's own API in one process of its own (Jest's module system cannot load the repo's ES module
// config): the config and its plugins load once for every file below, as `npx eslint` loads them.
const DRIVER = `
  import { readFileSync } from 'node:fs';
  const { ESLint } = await import(${JSON.stringify(ESLINT_API)});
  const files = JSON.parse(readFileSync(0, 'utf8'));
  const eslint = new ESLint({ cwd: ${JSON.stringify(WORKSPACE_ROOT)} });
  const results = [];
  for (const { path, code } of files) results.push(...(await eslint.lintText(code, { filePath: path })));
  process.stdout.write(JSON.stringify(results));
`;

/** The messages ESLint (the repo's config) gives each `code` as if it were the file at `path`. */
function lint(files: Array<{ path: string; code: string }>): string[][] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', DRIVER], {
    cwd: WORKSPACE_ROOT,
    input: JSON.stringify(files),
    encoding: 'utf8',
  });
  const results = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
  return results.map(({ messages }) => messages.map(({ ruleId, message }) => `${ruleId}: ${message}`));
}

const REFUSED = 'The build (rspack/) must not import the ops layer (scripts/): move what both need below both.';

const OPS_IMPORTS = [
  "import { listen } from '../scripts/lib/static-server.mjs';",
  "export { parseCli } from '../scripts/lib/cli.mjs';",
  "export const load = () => import('../scripts/lib/storage.mjs');",
  'export const port = listen;',
  '',
].join('\n');
const BUILD_FILES = ['rspack/dev-server.ts', 'rspack.config.base.ts', 'shell/rspack.config.ts'];
const OWN_MODULE = "export const load = () => import('./scripts-of-the-page.ts');\n";

describe('the build layer', () => {
  // Every case in one ESLint run: loading the config takes seconds, linting a line does not.
  let messages: { opsImports: string[][]; ownModule: string[] };
  beforeAll(() => {
    const all = lint([
      ...BUILD_FILES.map((path) => ({ path, code: OPS_IMPORTS })),
      { path: 'rspack/dev-server.ts', code: OWN_MODULE },
    ]);
    messages = { opsImports: all.slice(0, BUILD_FILES.length), ownModule: all[BUILD_FILES.length]! };
  });

  it('imports nothing of the ops layer (scripts/), statically or not', () => {
    expect(messages.opsImports).toEqual(
      BUILD_FILES.map(() => [
        `no-restricted-imports: '../scripts/lib/static-server.mjs' import is restricted from being used by a pattern. ${REFUSED}`,
        `no-restricted-imports: '../scripts/lib/cli.mjs' import is restricted from being used by a pattern. ${REFUSED}`,
        `no-restricted-syntax: ${REFUSED}`,
      ]),
    );
  });

  it('may import a module of its own whose name only mentions scripts', () => {
    expect(messages.ownModule).toEqual([]);
  });
});

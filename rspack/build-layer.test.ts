import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from './app.ts';

const ESLINT = join(createRequire(import.meta.url).resolve('eslint/package.json'), '../bin/eslint.js');

/** The messages ESLint (the repo's config) gives `code` as if it were the file at `path`. */
function lint(path: string, code: string): string[] {
  const run = spawnSync(process.execPath, [ESLINT, '--format', 'json', '--stdin', '--stdin-filename', path], {
    cwd: WORKSPACE_ROOT,
    input: code,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
  return result!.messages.map(({ ruleId, message }) => `${ruleId}: ${message}`);
}

const REFUSED = 'The build (rspack/) must not import the ops layer (scripts/): move what both need below both.';

describe('the build layer', () => {
  it('imports nothing of the ops layer (scripts/), statically or not', () => {
    const code = [
      "import { listen } from '../scripts/lib/static-server.mjs';",
      "export { parseCli } from '../scripts/lib/cli.mjs';",
      "export const load = () => import('../scripts/lib/storage.mjs');",
      'export const port = listen;',
      '',
    ].join('\n');
    for (const path of ['rspack/dev-server.ts', 'rspack.config.base.ts', 'shell/rspack.config.ts']) {
      expect(lint(path, code)).toEqual([
        `no-restricted-imports: '../scripts/lib/static-server.mjs' import is restricted from being used by a pattern. ${REFUSED}`,
        `no-restricted-imports: '../scripts/lib/cli.mjs' import is restricted from being used by a pattern. ${REFUSED}`,
        `no-restricted-syntax: ${REFUSED}`,
      ]);
    }
  });

  it('may import a module of its own whose name only mentions scripts', () => {
    expect(lint('rspack/dev-server.ts', "export const load = () => import('./scripts-of-the-page.ts');\n")).toEqual([]);
  });
});

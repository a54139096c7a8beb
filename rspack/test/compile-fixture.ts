import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageBin } from '../package-bin.mjs';
import { WORKSPACE_ROOT } from '../app.ts';
import type { FixtureKind, FixturePlugin } from './fixture-kinds.ts';

const FIXTURES = join(WORKSPACE_ROOT, 'rspack/test-fixtures');
const CONFIG = join(WORKSPACE_ROOT, 'rspack/test/fixture-build.config.ts');

/**
 * A small app of rspack/test-fixtures in a temporary folder, built with only the plugins under
 * test: a real chunk graph and federation manifest in a second, without building a whole app.
 * Its packages (test-fixtures/packages) stand in for React, axios and @devhub/shared.
 */
export interface Fixture {
  /** Rewrites a file of the copy (a path relative to the fixture app). */
  write(file: string, text: string): void;
  /** Builds the copy, resolving to its dist folder; rejects with the build's output when it fails. */
  build(plugins: FixturePlugin[]): Promise<string>;
  remove(): void;
}

export function copyFixture(kind: FixtureKind): Fixture {
  const root = mkdtempSync(join(tmpdir(), `devhub-fixture-${kind}-`));
  cpSync(join(FIXTURES, kind), root, { recursive: true });
  cpSync(join(FIXTURES, 'packages'), join(root, 'node_modules'), { recursive: true });
  return {
    write: (file, text) => writeFileSync(join(root, file), text),
    build: (plugins) =>
      new Promise((resolve, reject) => {
        // In a child process: @rspack/core is an ES module only, which Jest's CommonJS runtime
        // cannot load (on Node < 24.9). Rspack's CLI loads the TypeScript config as the apps' builds do.
        const child = spawn(process.execPath, [packageBin('@rspack/cli'), 'build', '--config', CONFIG], {
          cwd: root,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            FIXTURE_KIND: kind,
            FIXTURE_ROOT: root,
            FIXTURE_PLUGINS: plugins.join(','),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) =>
          code === 0
            ? resolve(join(root, 'dist'))
            : reject(new Error(`building the ${kind} fixture failed:\n${output}`)),
        );
      }),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

// `npm run remotes -- <list|use|rollback|doctor> …`: pin, roll back and check the remote
// versions an environment's shell loads. The shell reads the registry at runtime, so none
// of this needs a shell rebuild.
import { parseArgs } from 'node:util';
import { CliError, registryPath } from './lib/registry-file.mjs';
import { doctor, formatTable, list, rollback, use } from './lib/remotes-commands.mjs';

const USAGE = `usage:
  npm run remotes -- list [--env <env>]
  npm run remotes -- use <remote> <version> [--env <env>]
  npm run remotes -- rollback <remote> [--env <env>]
  npm run remotes -- doctor [--env <env>] [--shell <folder or URL of a shell build>]
options: --file <registry.json>  --deploy-dir <dir> (default .deploy)  --base-url <url>  --timeout <ms>
         --shell <folder or URL>  the shell build the environment serves (default: shell/dist, or --base-url)`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      env: { type: 'string' },
      file: { type: 'string' },
      'deploy-dir': { type: 'string' },
      'base-url': { type: 'string' },
      timeout: { type: 'string' },
      shell: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, remote, version] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const timeoutMs = values.timeout ? Number(values.timeout) : undefined;
  if (timeoutMs !== undefined && !(timeoutMs > 0))
    throw new CliError('--timeout must be a positive number of milliseconds');
  const options = {
    registryFile: values.file ?? registryPath(values.env),
    deployDir: values['deploy-dir'],
    baseUrl: values['base-url'],
    shell: values.shell,
    timeoutMs,
  };

  switch (command) {
    case 'list':
      console.log(formatTable(list(options), ['remote', 'version', 'entry', 'previous']));
      return 0;
    case 'use': {
      const result = await use({ ...options, remote, version });
      console.log(
        result.changed
          ? `${remote}: ${result.previous ?? '(unversioned)'} → ${version} (${result.entry})`
          : `${remote} already pins ${version}`,
      );
      return 0;
    }
    case 'rollback': {
      const result = await rollback({ ...options, remote });
      console.log(`${remote}: ${result.from} → ${result.version} (${result.entry})`);
      return 0;
    }
    case 'doctor': {
      const { rows, ok, shell } = await doctor(options);
      console.log(`Shell build: ${shell}\n`);
      console.log(formatTable(rows, ['remote', 'version', 'manifest', 'compatible', 'entry']));
      for (const row of rows) for (const problem of row.problems) console.error(`✗ ${problem}`);
      console.log(ok ? '\nAll remotes healthy.' : '\nProblems found.');
      return ok ? 0 : 1;
    }
    default:
      throw new CliError(`unknown command "${command}"\n${USAGE}`);
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof CliError ? `remotes: ${error.message}` : error);
    process.exit(error instanceof CliError ? 1 : 2);
  },
);

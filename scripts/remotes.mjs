// `npm run remotes -- <list|use|rollback|doctor> …`: pin, roll back and check the remote
// versions an environment's shell loads. The shell reads the registry at runtime, so none
// of this needs a shell rebuild.
import { parseArgs } from 'node:util';
import { CliError, registryPath } from './lib/registry-file.mjs';
import {
  describePrerender,
  localSources,
  prerenderDir,
  prerenderEnvironment,
  prerenderStatus,
} from './lib/prerender.mjs';
import { doctor, formatTable, list, rollback, use } from './lib/remotes-commands.mjs';

const USAGE = `usage:
  npm run remotes -- list [--env <env>]
  npm run remotes -- use <remote> <version> [--env <env>]
  npm run remotes -- rollback <remote> [--env <env>]
  npm run remotes -- doctor [--env <env>] [--shell <folder or URL of a shell build>]
  npm run remotes -- prerender [--env <env>]
options: --file <registry.json>  --deploy-dir <dir> (default .deploy)  --base-url <url>  --timeout <ms>
         --shell <folder or URL>  the shell build the environment serves (default: shell/dist, or --base-url)
         --prerender-dir <dir>  where the public routes are rendered to (default: .prerender/<registry name>)
'use', 'rollback' and 'prerender' render the public routes with the pinned versions (shell/dist-server);
a route that cannot be rendered stays client-rendered, with a warning.`;

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
      'prerender-dir': { type: 'string' },
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
  const outDir = values['prerender-dir'] ?? prerenderDir(options.registryFile);
  const prerender = async () => {
    if (options.shell && /^https?:/.test(options.shell)) {
      console.warn(`⚠ not prerendered: the shell build is at ${options.shell}; prerender where it is built`);
      return;
    }
    const summary = await prerenderEnvironment({
      registryFile: options.registryFile,
      ...(options.shell ? { shellBuild: options.shell } : {}),
      outDir,
      baseUrl: options.baseUrl,
      timeoutMs,
      ...localSources(options.deployDir),
    });
    const { info, warnings } = describePrerender(summary.routes, outDir);
    console.log(info);
    for (const warning of warnings) console.warn(`⚠ ${warning}`);
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
      await prerender();
      return 0;
    }
    case 'rollback': {
      const result = await rollback({ ...options, remote });
      console.log(`${remote}: ${result.from} → ${result.version} (${result.entry})`);
      await prerender();
      return 0;
    }
    case 'doctor': {
      const { rows, ok, shell } = await doctor(options);
      console.log(`Shell build: ${shell}\n`);
      console.log(formatTable(rows, ['remote', 'version', 'manifest', 'compatible', 'entry']));
      for (const row of rows) for (const problem of row.problems) console.error(`✗ ${problem}`);
      const rendered = describePrerender(prerenderStatus({ registryFile: options.registryFile, outDir }), outDir);
      if (rendered.info) console.log(`\n${rendered.info}`);
      for (const warning of rendered.warnings) console.warn(`⚠ ${warning}`);
      console.log(ok ? '\nAll remotes healthy.' : '\nProblems found.');
      return ok ? 0 : 1;
    }
    case 'prerender':
      await prerender();
      return 0;
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

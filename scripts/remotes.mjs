// `npm run remotes -- <list|use|rollback|canary|doctor|prerender|init-storage> …`: pin, roll back and
// check the remote versions an environment's shell loads. The shell reads the registry at
// runtime, so none of this needs a shell rebuild. A registry is a file or a blob on Azure Blob
// Storage (`--registry azblob://<container>/<prefix>/remotes.<env>.json`, scripts/lib/storage.mjs).
import { CliError, UsageError, parseCli, runCli } from './lib/cli.mjs';
import { initStorage } from './lib/init-storage.mjs';
import { registryPath } from './lib/registry-file.mjs';
import { prerenderIntoStore, storePrerenderStatus } from './lib/storage-pages.mjs';
import { isBlobAddress } from './lib/storage-objects.mjs';
import { localSources, prerenderDir, prerenderEnvironment } from './lib/prerender.mjs';
import { describePrerender, prerenderStatus } from './lib/prerender-status.mjs';
import { CANARY_ACTIONS, runCanary } from './lib/canary-cli.mjs';
import { formatTable, list, notPrerenderedLine, rollback, unverifiedLine, use } from './lib/remotes-commands.mjs';
import { doctor } from './lib/remotes-doctor.mjs';

const OPTIONS_USAGE = `options:
  --env <env>            the environment: shell/public/remotes.<env>.json (the local one has no file:
                         npm start derives it from the workspace)
  --registry <file|URL>  the registry itself, instead of --env: a file, or a blob
                         azblob://<container>/<prefix>/remotes.<env>.json (credentials from
                         AZURE_STORAGE_CONNECTION_STRING); --file is the same option
  --deploy-dir <dir|URL> where relative /deploy/… entries are published: a folder or an
                         azblob://<container>/<prefix> (default .deploy; beside a registry in a blob store)
  --base-url <url>       check relative entries over HTTP against this origin instead
  --timeout <ms>         how long to wait for a manifest or an entry script
  --shell <folder|URL>   the shell build the environment serves (default: shell/dist, or --base-url)
  --prerender-dir <dir>  where the public routes are rendered to (default: .prerender/<registry name>)
  --allow-origin <url>   init-storage: a site's origin (https://host[:port], no path, not this machine)
                         that may read the store besides the preview's (https://localhost:3000);
                         repeat it for several. Added to the origins a previous init-storage allowed
                         (CORS rules are the account's); never touches another CORS rule
  --replace-origins      init-storage: allow exactly the preview's and the given --allow-origin
                         origins, removing any other a previous run allowed
  --percent <n>          canary start: the share of visitors (1–100) who get the candidate
  --reason <text>        canary abort: why, kept with the pin's past canaries
  --prometheus <url>     canary watch: the Prometheus that scrapes the telemetry collector
  --interval <seconds>   canary watch: between two judgements (default 30)
  --once                 canary watch: judge and act once
  --make-public          init-storage: make a container that was already there blob-public (its blobs
                         readable by anyone, never its listing); without it, only a container
                         init-storage creates is made so
  -h, --help             this help (\`remotes <command> --help\`: that command's)`;

/** Each command: its arguments, and what it does. */
const COMMANDS = {
  list: { args: [], about: 'the version each remote is pinned to, and the versions before it' },
  use: {
    args: ['<remote>', '<version>'],
    about: 'pins a published version, after checking it fits the shell build, then renders the public routes with it',
  },
  rollback: {
    args: ['<remote>'],
    about:
      'back to the version pinned before the current one (checked like use; from its first pin, out of the environment), then renders the public routes',
  },
  canary: {
    args: ['<start|status|promote|abort|watch>'],
    about: `a candidate version beside a stable pin, for a share of visitors:\n${Object.entries(CANARY_ACTIONS)
      .map(([action, { args, about }]) => `  canary ${[action, ...args].join(' ')}: ${about}`)
      .join('\n')}`,
  },
  doctor: { args: [], about: 'checks every pinned remote against the shell build, and what is prerendered' },
  prerender: { args: [], about: 'renders the public routes with the pinned versions (shell/dist-server)' },
  'init-storage': {
    args: ['<azblob://container[/prefix]>'],
    about:
      "creates the container (its blobs public, as a CDN's origin; a container already there keeps its access unless --make-public) and the CORS rule that lets the preview's https origin and each --allow-origin read it; the origins allowed before are kept (--replace-origins: exactly these); with --env, copies that environment's registry file, without its override origins, to <prefix>/remotes.<env>.json if none is there. Running it again changes nothing",
  },
};

/** @param {keyof typeof COMMANDS} name */
const commandLine = (name) => `npm run remotes -- ${[name, ...COMMANDS[name].args].join(' ')} [options]`;

const USAGE = `usage:
${Object.keys(COMMANDS)
  .map((name) => `  ${commandLine(/** @type {keyof typeof COMMANDS} */ (name))}`)
  .join('\n')}
${OPTIONS_USAGE}
'use', 'rollback' and 'prerender' render the public routes with the pinned versions (shell/dist-server);
a route that cannot be rendered stays client-rendered, with a warning.`;

/** @param {keyof typeof COMMANDS} name */
const commandUsage = (name) => `usage: ${commandLine(name)}\n${COMMANDS[name].about}.\n${OPTIONS_USAGE}`;

/** @param {string} name */
const isCommand = (name) => Object.hasOwn(COMMANDS, name);

async function main() {
  const { values, positionals } = parseCli({
    usage: ([named]) =>
      named && isCommand(named) ? commandUsage(/** @type {keyof typeof COMMANDS} */ (named)) : USAGE,
    allowPositionals: true,
    options: {
      env: { type: 'string' },
      file: { type: 'string' },
      registry: { type: 'string' },
      'deploy-dir': { type: 'string' },
      'base-url': { type: 'string' },
      timeout: { type: 'string' },
      shell: { type: 'string' },
      'prerender-dir': { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      'replace-origins': { type: 'boolean' },
      'make-public': { type: 'boolean' },
      percent: { type: 'string' },
      reason: { type: 'string' },
      prometheus: { type: 'string' },
      interval: { type: 'string' },
      once: { type: 'boolean' },
    },
  });
  const [command, ...rest] = positionals;
  const commands = Object.keys(COMMANDS).join(', ');
  if (!command) throw new UsageError(`which command? (${commands})`);
  if (!isCommand(command)) throw new UsageError(`unknown command "${command}" (${commands})`);
  const expected = COMMANDS[/** @type {keyof typeof COMMANDS} */ (command)].args;
  if (rest.length < expected.length)
    throw new UsageError(
      `${command} needs ${expected.slice(rest.length).join(' ')}: ${commandLine(/** @type {keyof typeof COMMANDS} */ (command))}`,
    );
  if (rest.length > expected.length && command !== 'canary')
    throw new UsageError(
      `${command} takes ${expected.length === 0 ? 'no argument' : expected.join(' ')}, got ${rest.join(' ')}`,
    );
  const [remote, version] = rest;
  const timeoutMs = values.timeout ? Number(values.timeout) : undefined;
  if (timeoutMs !== undefined && !(timeoutMs > 0))
    throw new CliError('--timeout must be a positive number of milliseconds');
  if (command === 'init-storage') {
    const allowed = /** @type {string[] | undefined} */ (/** @type {unknown} */ (values['allow-origin'])) ?? [];
    return initStorage(/** @type {string} */ (remote), {
      env: values.env,
      sites: allowed,
      replace: values['replace-origins'] === true,
      makePublic: values['make-public'] === true,
    });
  }
  for (const option of ['allow-origin', 'replace-origins', 'make-public']) {
    if (values[/** @type {'allow-origin' | 'replace-origins' | 'make-public'} */ (option)])
      throw new UsageError(`--${option} is an option of init-storage only`);
  }
  const canaryOption = ['percent', 'reason', 'prometheus', 'interval', 'once'].find(
    (option) => values[/** @type {'percent'} */ (option)] !== undefined,
  );
  if (command !== 'canary' && canaryOption) throw new UsageError(`--${canaryOption} is an option of canary only`);
  const options = {
    registryFile: values.registry ?? values.file ?? registryPath(values.env),
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
    if (isBlobAddress(options.registryFile)) {
      // Rendered here, written next to the registry: a preview of it on any machine serves them.
      const { summary, where } = await prerenderIntoStore({
        registry: options.registryFile,
        shellBuild: options.shell,
        timeoutMs,
      });
      const { info, warnings } = describeStorePages(summary.routes, where);
      console.log(info);
      for (const warning of warnings) console.warn(`⚠ ${warning}`);
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
      console.log(formatTable(await list(options), ['remote', 'version', 'entry', 'previous', 'candidate']));
      return 0;
    case 'use': {
      const result = await use({ ...options, remote, version });
      console.log(
        result.changed
          ? `${remote}: ${result.previous ?? '(unversioned)'} → ${version} (${result.entry})`
          : `${remote} already pins ${version}`,
      );
      for (const name of result.unverified) console.warn(`⚠ ${unverifiedLine(name)}`);
      if (result.unverified.length) console.warn(`⚠ ${notPrerenderedLine(result.unverified)}`);
      else await prerender();
      return 0;
    }
    case 'rollback': {
      const result = await rollback({ ...options, remote });
      console.log(
        result.removed
          ? `${remote}: ${result.from ?? '(unversioned)'} was its first pin: ${remote} is no longer in this environment, nor are its routes`
          : result.candidate
            ? `${remote}: candidate ${result.from} taken away; every visitor gets ${result.version}`
            : `${remote}: ${result.from} → ${result.version} (${result.entry})`,
      );
      for (const name of result.unverified) console.warn(`⚠ ${unverifiedLine(name)}`);
      if (result.unverified.length) console.warn(`⚠ ${notPrerenderedLine(result.unverified)}`);
      else await prerender();
      return 0;
    }
    case 'canary':
      return runCanary(rest, values, options, prerender);
    case 'doctor': {
      const { rows, ok, shell, unfinished } = await doctor(options);
      console.log(`Shell build: ${shell}\n`);
      console.log(formatTable(rows, ['remote', 'version', 'manifest', 'compatible', 'entry', 'integrity']));
      console.log(`\nPinned digests:\n${rows.map((row) => `  ${row.remote}: ${row.digest}`).join('\n')}`);
      for (const row of rows) for (const problem of row.problems) console.error(`✗ ${problem}`);
      for (const line of unfinished) console.warn(`⚠ ${line}`);
      let rendered;
      if (isBlobAddress(options.registryFile)) {
        const { routes, where } = await storePrerenderStatus({
          registry: options.registryFile,
          shellBuild: options.shell,
        });
        rendered = describeStorePages(routes, where);
      } else {
        rendered = describePrerender(prerenderStatus({ registryFile: options.registryFile, outDir }), outDir);
      }
      if (rendered.info) console.log(`\n${rendered.info}`);
      for (const warning of rendered.warnings) console.warn(`⚠ ${warning}`);
      console.log(ok ? '\nAll remotes healthy.' : '\nProblems found.');
      return ok ? 0 : 1;
    }
    case 'prerender':
      await prerender();
      return 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/**
 * describePrerender for the pages in a store, named by their URL (describePrerender names a
 * folder relative to here).
 *
 * @param {Parameters<typeof describePrerender>[0]} routes
 * @param {string} where
 */
function describeStorePages(routes, where) {
  const { info, warnings } = describePrerender(routes, where);
  return { info: info.replace(/→ .*$/, `→ ${where}`), warnings };
}

runCli('remotes', main);

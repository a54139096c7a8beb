// @ts-check
// `npm run new-remote`: scaffolds a remote the way remote-account is made, without its pages (its
// package with a dev server port of its own, its build config, types, standalone page, an empty
// route table and that table's test) and adds it to the root package.json's workspaces. Nothing
// else lists the remotes (lint, types, Jest, `npm start`, deploy read the workspaces), so that is
// all a new remote needs; its pages come from `npm run new-page`.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REMOTE_NAME_RULE, isRemoteNameForm } from '@devhub/contracts/registry';
import { CliError } from './cli.mjs';
import { PartialWriteError, writeAllOrNone } from './write-all-or-none.mjs';

/** Ports below 1024 need privileges on most systems, which a dev server should not have. */
export const PORTS = { min: 1024, max: 65_535 };

/**
 * @typedef {object} WorkspacePackage
 * @property {string} dir  relative to the root, as the workspaces list it
 * @property {string} [name]
 * @property {{ name?: unknown, kind?: unknown, port?: unknown, metricsPort?: unknown }} [devhub]
 * @property {Record<string, string>} [dependencies]
 */

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Every workspace package's package.json (a listed folder without one is skipped: npm does too).
 *
 * @param {string} root
 * @param {string[]} workspaces
 * @returns {WorkspacePackage[]}
 */
function workspacePackages(root, workspaces) {
  return workspaces
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({ ...readJson(join(root, dir, 'package.json')), dir }));
}

/**
 * Refuses a name of the wrong form or one some package already has (its folder, its federation
 * name, its package name or its place in the workspaces).
 *
 * @param {string} root
 * @param {string | undefined} name
 * @param {string[]} workspaces
 * @param {WorkspacePackage[]} packages
 * @returns {asserts name is string}
 */
function checkName(root, name, workspaces, packages) {
  if (!name) throw new CliError('which name? usage: npm run new-remote -- <name> [--port <port>]');
  if (!isRemoteNameForm(name)) throw new CliError(`"${name}" is not a remote name: ${REMOTE_NAME_RULE}`);
  const dir = `remote-${name}`;
  if (existsSync(join(root, dir))) throw new CliError(`${dir}/ already exists: the name "${name}" is taken`);
  if (workspaces.includes(dir)) throw new CliError(`package.json's workspaces already list ${dir}`);
  const owner = packages.find((pkg) => pkg.devhub?.name === name || pkg.name === dir);
  if (owner) throw new CliError(`the name "${name}" is taken by ${owner.dir}/package.json`);
}

/**
 * The port asked for, checked, or the next free one after the highest a remote uses.
 *
 * @param {string | number | undefined} asked
 * @param {WorkspacePackage[]} packages
 */
function choosePort(asked, packages) {
  /** @type {Map<number, string>} every port a package's dev server or service listens on, and whose */
  const taken = new Map();
  for (const pkg of packages) {
    for (const port of [pkg.devhub?.port, pkg.devhub?.metricsPort]) {
      if (typeof port === 'number') taken.set(port, pkg.dir);
    }
  }
  if (asked === undefined) {
    // Beside the other remotes (3001, 3002, … after the shell's 3000), skipping any port taken.
    const remotePorts = packages.flatMap((pkg) =>
      pkg.devhub?.kind === 'remote' && typeof pkg.devhub.port === 'number' ? [pkg.devhub.port] : [],
    );
    let port = Math.max(PORTS.min - 1, ...remotePorts) + 1;
    while (taken.has(port)) port += 1;
    if (port > PORTS.max) throw new CliError(`no port is free after ${PORTS.max}: choose one with --port <port>`);
    return port;
  }
  const port = Number(asked);
  if (!/^\d+$/.test(String(asked)) || port < PORTS.min || port > PORTS.max) {
    throw new CliError(`--port must be a whole number from ${PORTS.min} to ${PORTS.max}, got "${asked}"`);
  }
  const owner = taken.get(port);
  if (owner) throw new CliError(`port ${port} is taken by ${owner} (its package.json's devhub ports)`);
  return port;
}

/**
 * The dependencies of the new remote: the shell's ranges. The shell provides every federation
 * singleton and must satisfy each range a remote asks for, and a shared library is upgraded in the
 * shell first: its ranges are the ones a remote may build against today, and never go stale here.
 *
 * @param {WorkspacePackage[]} packages
 */
function hostDependencies(packages) {
  const host = packages.find((pkg) => pkg.devhub?.kind === 'host');
  if (!host?.dependencies) {
    throw new CliError('no workspace package is the host ("devhub": { "kind": "host" }) to take dependencies from');
  }
  return host.dependencies;
}

/** A file in the project's JSON style (Prettier's for package.json). @param {unknown} value */
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * @param {string} name
 * @param {number} port
 * @param {Record<string, string>} dependencies
 */
const packageText = (name, port, dependencies) =>
  json({
    name: `remote-${name}`,
    version: '1.0.0',
    private: true,
    description: `DevHub remote ${name}: the pages its src/app/routes.ts lists.`,
    devhub: { name, kind: 'remote', port },
    type: 'module',
    scripts: {
      start: 'rspack serve',
      build: 'rspack build',
      test: 'node ../scripts/test-app.mjs',
      'test:unit': `jest -c ../jest.config.mjs --selectProjects remote-${name}`,
    },
    dependencies,
  });

const rspackConfigText = `import { createAppConfigs } from '../rspack.config.base.ts';
import { ROUTES } from './src/app/routes.ts';

export default createAppConfigs(import.meta.dirname, { routes: ROUTES });
`;

// As remote-account's, plus contracts (plain JS, hence allowJs, as in the shell's): the route
// table's test checks the table with its rules.
/** @param {string} name */
const tsconfigText = (name) => `{
  "extends": "../tsconfig.base.json",
  "compilerOptions": {
    "rootDir": "..",
    "allowJs": true,
    "outDir": "../node_modules/.cache/tsc/remote-${name}",
    "tsBuildInfoFile": "../node_modules/.cache/tsc/remote-${name}.tsbuildinfo"
  },
  "include": ["src", "../types/*.d.ts", "../test-support/*.ts", "../test-support/*.tsx"],
  "references": [
    {
      "path": "../contracts"
    },
    {
      "path": "../shared"
    },
    {
      "path": "../auth-api/tsconfig.build.json"
    }
  ]
}
`;

/** @param {string} name */
const indexHtmlText = (name) => `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>DevHub · remote-${name}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const indexText = `// Running alone: the async boundary lets the federation runtime set up shared singletons first.
import('./app/bootstrap').catch((error: unknown) => {
  console.error('failed to start', error);
});
`;

/** @param {string} name */
const bootstrapText = (name) => `import '@devhub/shared/tokens.css';
import { renderStandalone } from '@devhub/shared/standalone-frame';
import { ROUTES } from './routes';

renderStandalone('${name}', ROUTES, (file) => import(\`./exposes/\${file}.tsx\`));
`;

/** @param {string} name */
const routesText = (name) => `import type { RemoteRouteTable } from '@devhub/shared/remote-contract';

/**
 * The pages this remote serves. Its build exposes each page's component from its file and writes
 * the table into mf-manifest.json; the shell serves these paths once this build is pinned.
 * Add a page with \`npm run new-page -- ${name} /<path> --title "<title>"\`: it writes the page's
 * component, its test, its expose file and its entry here.
 */
export const ROUTES: RemoteRouteTable = [];
`;

const routesTestText = `import { routeTableProblems } from '@devhub/contracts/routes';
import { ROUTES } from './routes';

describe('the route table', () => {
  it('is one as the build publishes it and the registry accepts it', () => {
    expect(routeTableProblems(ROUTES.map(({ file: _file, ...page }) => page))).toEqual([]);
  });

  it('names for each page an expose file that exports the component it exposes', async () => {
    for (const { expose, file } of ROUTES) {
      const exports = (await import(\`../../\${file}\`)) as Record<string, unknown>;
      expect([file, typeof exports[expose]]).toEqual([file, 'function']);
    }
  });
});
`;

/**
 * The root package.json with \`dir\` in its workspaces, after the last remote (or last of all).
 *
 * @param {Record<string, unknown> & { workspaces: string[] }} rootPackage
 * @param {string} dir
 */
function withWorkspace(rootPackage, dir) {
  const { workspaces } = rootPackage;
  const lastRemote = workspaces.findLastIndex((entry) => entry.startsWith('remote-'));
  const at = lastRemote === -1 ? workspaces.length : lastRemote + 1;
  return json({ ...rootPackage, workspaces: [...workspaces.slice(0, at), dir, ...workspaces.slice(at)] });
}

/**
 * The commands that take the new remote to a pinned environment, in order.
 *
 * @param {string} name
 */
export function nextCommands(name) {
  const title = name[0]?.toUpperCase() + name.slice(1);
  return [
    `npm run new-page -- ${name} /${name} --title "${title}" --layout main --access public`,
    'npm install',
    `npm run build -w remote-${name}`,
    `npm run deploy -- ${name}`,
    `npm run remotes -- use ${name} 1.0.0 --env preview`,
  ];
}

/**
 * Writes remote-<name>/ and adds it to the workspaces, all or nothing.
 *
 * @param {{ root: string, name?: string, port?: string | number }} options
 * @returns {{ dir: string, port: number, files: string[], next: string[] }}  `files` relative to `root`
 */
export function newRemote({ root, name, port: askedPort }) {
  const rootFile = join(root, 'package.json');
  const rootPackage = readJson(rootFile);
  /** @type {string[]} */
  const workspaces = rootPackage.workspaces ?? [];
  const packages = workspacePackages(root, workspaces);
  checkName(root, name, workspaces, packages);
  const port = choosePort(askedPort, packages);
  const dir = `remote-${name}`;
  /** @param {string} path */
  const at = (path) => join(root, dir, path);
  const files = [
    { path: at('package.json'), text: packageText(name, port, hostDependencies(packages)) },
    { path: at('rspack.config.ts'), text: rspackConfigText },
    { path: at('tsconfig.json'), text: tsconfigText(name) },
    { path: at('index.html'), text: indexHtmlText(name) },
    { path: at('src/index.ts'), text: indexText },
    { path: at('src/app/bootstrap.tsx'), text: bootstrapText(name) },
    { path: at('src/app/routes.ts'), text: routesText(name) },
    { path: at('src/app/routes.test.ts'), text: routesTestText },
    { path: rootFile, text: withWorkspace({ ...rootPackage, workspaces }, dir) },
  ];
  try {
    writeAllOrNone(files);
  } catch (error) {
    if (!(error instanceof PartialWriteError)) throw error;
    throw new CliError(error.left.length === 0 ? `nothing was written: ${error.message}` : error.message);
  }
  return { dir, port, files: files.map(({ path }) => relative(root, path)), next: nextCommands(name) };
}

// @ts-check
// `npm run new-page`: scaffolds a page in one remote the way the project writes them (its
// component, showing the title as the h1 focus lands on and marking its content ready; the
// component's test; its expose file; its entry in the remote's route table), touching nothing
// outside remote-<remote>/. The page goes live when a build of the remote is deployed and pinned.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ACCESS_RULES, LAYOUTS, SHELL_PATHS } from '@devhub/contracts/routes';
import { CliError } from './cli.mjs';
import { PartialWriteError, writeAllOrNone } from './write-all-or-none.mjs';

const PATH = /^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/**
 * "/orders/history" → "OrdersHistoryPage".
 *
 * @param {string} path
 */
export function componentNameOf(path) {
  const words = path.split(/[/-]/).filter(Boolean);
  return `${words.map((word) => (word[0] ?? '').toUpperCase() + word.slice(1)).join('')}Page`;
}

/** "OrdersHistoryPage" → "orders-history-page". @param {string} name */
const kebab = (name) => name.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase();

/** A TypeScript string literal in the project's style (single quotes). @param {string} text */
const literal = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/**
 * The layout and access rule the remote's existing pages use (the first page's), for defaults.
 *
 * @param {string} table  the text of the remote's routes.ts
 */
function existingRules(table) {
  return {
    layout: /layout: '([a-z-]+)'/.exec(table)?.[1],
    access: /access: '([a-z-]+)'/.exec(table)?.[1],
  };
}

/**
 * @param {{ root: string, remote?: string, path?: string, title?: string, layout?: string, access?: string }} options
 * @returns {{ component: string, files: string[] }}  the files written or changed, relative to `root`
 */
export function newPage({ root, remote, path, title, layout, access }) {
  if (!remote) throw new CliError('which remote? usage: npm run new-page -- <remote> <path> --title "<title>"');
  const remoteDir = join(root, `remote-${remote}`);
  const tableFile = join(remoteDir, 'src', 'app', 'routes.ts');
  if (!/^[a-z][a-z0-9-]*$/.test(remote) || !existsSync(tableFile)) {
    throw new CliError(`unknown remote "${remote}": remote-${remote}/src/app/routes.ts does not exist`);
  }
  if (!path) throw new CliError('which path? usage: npm run new-page -- <remote> <path> --title "<title>"');
  if (!PATH.test(path)) {
    throw new CliError(`"${path}" is not a page path: lower-case words and dashes after "/", e.g. /orders/history`);
  }
  if (/** @type {readonly string[]} */ (SHELL_PATHS).includes(path)) throw new CliError(`${path} is kept by the shell`);
  if (!title?.trim()) throw new CliError('the page needs a title: --title "<Vietnamese title>"');
  const table = readFileSync(tableFile, 'utf8');
  if (table.includes(`path: ${literal(path)}`)) throw new CliError(`remote-${remote} already serves ${path}`);
  const defaults = existingRules(table);
  const pageLayout = layout ?? defaults.layout ?? 'main';
  const pageAccess = access ?? defaults.access ?? 'public';
  if (!(/** @type {readonly string[]} */ (LAYOUTS).includes(pageLayout))) {
    throw new CliError(`unknown layout "${pageLayout}" (known: ${LAYOUTS.join(', ')})`);
  }
  if (!(/** @type {readonly string[]} */ (ACCESS_RULES).includes(pageAccess))) {
    throw new CliError(`unknown access rule "${pageAccess}" (known: ${ACCESS_RULES.join(', ')})`);
  }
  const end = table.lastIndexOf('];');
  if (end === -1) throw new CliError(`${relative(root, tableFile)} does not end its table with "];"`);
  // An empty table (`= [];`, as new-remote writes it) gets its first page on a line of its own.
  const head = table.slice(0, end).replace(/\[\s*$/, '[\n');

  const component = componentNameOf(path);
  const file = kebab(component);
  const feature = file.replace(/-page$/, '');
  const componentDir = join(remoteDir, 'src', 'features', feature, 'components');
  const componentFile = join(componentDir, `${file}.tsx`);
  const exposeFile = join(remoteDir, 'src', 'app', 'exposes', `${file}.tsx`);
  for (const existing of [componentFile, exposeFile]) {
    if (existsSync(existing)) throw new CliError(`${relative(root, existing)} already exists`);
  }
  const id = `${remote}/${component}`;

  const testFile = join(componentDir, `${file}.test.tsx`);
  const pageText = `import { useContentReady } from '@devhub/shared/use-content-ready';

/** ${title}: its heading is where focus lands when the page opens. */
export function ${component}() {
  useContentReady(${literal(id)});
  return (
    <section>
      <h1 tabIndex={-1}>{${literal(title)}}</h1>
    </section>
  );
}
`;
  const testText = `import { render, screen } from '@testing-library/react';
import { ${component} } from './${file}';

describe('${component}', () => {
  it('shows its title as the heading focus lands on, and marks its content ready', () => {
    performance.clearMarks();
    render(<${component} />);
    expect(screen.getByRole('heading', { level: 1, name: ${literal(title)} })).toHaveAttribute('tabindex', '-1');
    expect(performance.getEntriesByName(${literal(`content-ready:${id}`)})).toHaveLength(1);
  });
});
`;
  const exposeText = `export { ${component} } from '../../features/${feature}/components/${file}';\n`;
  const entry = `  {
    expose: ${literal(component)},
    file: ${literal(`./src/app/exposes/${file}.tsx`)},
    what: ${literal(`trang ${title.toLocaleLowerCase('vi')}`)},
    layout: ${literal(pageLayout)},
    access: ${literal(pageAccess)},
    routes: [{ path: ${literal(path)}, title: ${literal(title)} }],
  },
`;
  const files = [
    { path: componentFile, text: pageText },
    { path: testFile, text: testText },
    { path: exposeFile, text: exposeText },
    { path: tableFile, text: `${head}${entry}${table.slice(end)}` },
  ];
  try {
    writeAllOrNone(files);
  } catch (error) {
    if (!(error instanceof PartialWriteError)) throw error;
    throw new CliError(error.left.length === 0 ? `nothing was written: ${error.message}` : error.message);
  }
  return { component, files: files.map(({ path: f }) => relative(root, f)) };
}

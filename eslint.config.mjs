import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { readFileSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { browserAppDirs } from './scripts/lib/workspace.mjs';

/** The shell and every remote, from the workspaces: a new remote gets its boundaries without an edit here. */
const APPS = browserAppDirs();

// The shell ships react-router cut down to these exports (see rspack.config.base.ts).
const REACT_ROUTER_PATH = {
  name: 'react-router',
  allowImportNames: JSON.parse(readFileSync(new URL('./react-router-exports.json', import.meta.url), 'utf8')),
  message: 'The shell ships only the react-router exports in react-router-exports.json: add it there first.',
};

/**
 * Import boundaries: an app reaches another app only through federation, and everything
 * reaches common code only through the `@devhub/shared` package.
 */
function boundaryPatterns(app) {
  const others = APPS.filter((other) => other !== app);
  return [
    ...others.map((other) => ({
      group: [other, `${other}/*`, `**/${other}/**`, `**/${other}`],
      message: `${app} must not import ${other}'s source: share through @devhub/shared or a federated module.`,
    })),
    {
      group: ['**/shared/src/**', '**/shared/src'],
      message: 'Import @devhub/shared/<entry>, not its source files, so the federation singleton is used.',
    },
  ];
}

/**
 * Inside an app, imports go one way: app/ (bootstrap, router, providers) → features/ → lib/ and
 * @devhub/shared. A feature that needs something of app/ is a sign the thing belongs lower.
 */
const LAYERS = [
  { files: 'features', forbidden: ['app'] },
  { files: 'lib', forbidden: ['app', 'features'] },
];

function boundaryFor(app) {
  return [
    {
      files: [`${app}/src/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', { paths: [REACT_ROUTER_PATH], patterns: boundaryPatterns(app) }],
      },
    },
    ...LAYERS.map(({ files, forbidden }) => ({
      files: [`${app}/src/${files}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [REACT_ROUTER_PATH],
            patterns: [
              ...boundaryPatterns(app),
              ...forbidden.map((layer) => ({
                group: [`**/${layer}/*`, `**/${layer}`],
                message: `src/${files}/ must not import src/${layer}/: imports go app → features → lib.`,
              })),
            ],
          },
        ],
      },
    })),
  ];
}

const BUILD_IMPORTS_OPS =
  'The build (rspack/) must not import the ops layer (scripts/): move what both need below both.';

/**
 * Layers of the platform: the build (rspack/ and the rspack configs) below the ops layer (scripts/:
 * the CLIs, the preview server, deploys). The build imports nothing of scripts/; what both need
 * sits in the build, the lower layer (rspack/precompress.mjs, rspack/package-bin.mjs).
 */
function buildLayer() {
  return {
    files: ['rspack/**/*.{ts,js,mjs,cjs}', 'rspack.config.base.ts', '*/rspack.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Any path through a scripts/ folder.
            { regex: '(^|/)scripts/', message: BUILD_IMPORTS_OPS },
          ],
        },
      ],
      // The same for import() and require(), which no-restricted-imports does not see.
      'no-restricted-syntax': [
        'error',
        ...['ImportExpression', "CallExpression[callee.name='require']"].map((call) => ({
          selector: `${call} > Literal[value=/(^|\\/)scripts(\\/|$)/]`,
          message: BUILD_IMPORTS_OPS,
        })),
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '.prerender/**',
      '**/node_modules/**',
      '.deploy/**',
      '.e2e-catalog-*/**',
      'bench/tmp/**',
      'e2e/.cache/**',
      'e2e/artifacts/**',
      'e2e/report/**',
      'e2e/test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // An import cycle is broken by moving code (`npm run check:cycles`), never hidden from the check.
    rules: { 'no-warning-comments': ['error', { terms: ['@dpdm-ignore'], location: 'anywhere' }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'no-console': ['error', { allow: ['error', 'warn'] }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx,js,mjs}', 'test-support/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    files: ['**/*.{js,mjs,cjs}', '*.ts', '*/rspack.config.ts', 'auth-api/**/*.ts', 'telemetry/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.browser } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**', 'e2e/**', 'auth-api/**', 'telemetry/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // The shell's plain-JavaScript modules run in the browser (the page's head script bundles them).
    files: ['shell/src/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Browser tests pass functions to page.evaluate, which run in the page.
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Playwright fixtures: `use` is the fixture's callback, not a React hook, and a fixture
    // that needs no other fixture still destructures an empty object (Playwright reads it).
    files: ['e2e/**/*.ts', 'playwright.config.ts'],
    rules: {
      'react-hooks/rules-of-hooks': 'off',
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
    },
  },
  ...APPS.flatMap(boundaryFor),
  {
    // The server renderer runs in Node with the whole router (no server build is cut down), and
    // needs its StaticRouter.
    files: ['shell/src/app/server.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaryPatterns('shell') }] },
  },
  buildLayer(),
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [REACT_ROUTER_PATH],
          patterns: [
            ...APPS.map((app) => ({
              group: [app, `${app}/*`, `**/${app}/**`],
              message: 'shared/ is below every app: it must not import an app.',
            })),
            {
              group: ['./*', '../*'],
              allowTypeImports: true,
              message:
                'Import another entry of @devhub/shared by its package name (@devhub/shared/<entry>): a relative import would give the shell and a remote two instances of it.',
            },
          ],
        },
      ],
    },
  },
);

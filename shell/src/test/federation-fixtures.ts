import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import type { CompatibilityRecord } from '@devhub/contracts/compatibility';
import type { ShellBuild } from '../features/remotes/shell-record';

/** What a shell build records of itself, as index.html carries it. */
export const SHELL_RECORD: CompatibilityRecord = {
  schema: 1,
  kind: 'host',
  name: 'shell',
  version: '1.0.0',
  federationRuntime: '2.9.2',
  singletons: {
    react: { version: '19.3.1', requiredVersion: '^19.3.0' },
    '@devhub/shared/strings': { version: '0.1.0', requiredVersion: '^0.1.0' },
  },
  exports: { '@devhub/shared/strings': ['PAGE_TITLES', 'SHELL_TEXT'] },
  requires: {
    catalog: ['./HomePage', './ListingPage'],
    account: ['./ProfilePage', './RepoPage', './CartPage', './SettingPage'],
    auth: ['./SignInPage', './SignUpPage'],
  },
};

/** Where the shell build says its shared modules load from: react in its first chunk, axios in a chunk of its own. */
export const SHELL_SHARED_FILES = { react: [], '@devhub/shared/strings': [], axios: ['/223.js'] };

/** The shell build a test's remote host is created with, as the bootstrap reads it from index.html. */
export const SHELL_BUILD: ShellBuild = { record: SHELL_RECORD, sharedFiles: Promise.resolve(SHELL_SHARED_FILES) };

export const manifestUrl = (remote: string) => `http://localhost/${remote}/mf-manifest.json`;

/** The entry script each remote's manifest names: beside the manifest. */
export const remoteEntryUrl = (remote: string) => `http://localhost/${remote}/remoteEntry.js`;

/** A remote's manifest whose record fits SHELL_RECORD (pass `record` changes to make it not fit). */
export function remoteManifest(remote: string, record: Partial<CompatibilityRecord> = {}) {
  const exposes = SHELL_RECORD.requires?.[remote] ?? [];
  return {
    id: remote,
    name: remote,
    metaData: {
      globalName: remote,
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      buildInfo: { buildVersion: '1.2.0', buildHash: `${remote}0123456789`.slice(0, 12) },
    },
    exposes: exposes.map((path) => ({
      path,
      name: path.slice(2),
      // react and axios the shell provides (SHELL_SHARED_FILES), react-hook-form it does not.
      requires: ['react', 'react-hook-form', 'axios'],
      assets: {
        js: { sync: [`__federation_expose_${path.slice(2)}.js`], async: [`${path.slice(2)}-data.js`] },
        css: { sync: [`__federation_expose_${path.slice(2)}.css`], async: [] },
      },
    })),
    shared: [
      { name: 'react', assets: { js: { sync: ['react.js'], async: [] } } },
      { name: 'react-hook-form', assets: { js: { sync: ['react-hook-form.js'], async: [] } } },
      { name: 'axios', assets: { js: { sync: ['axios.js'], async: [] } } },
    ],
    compatibility: {
      schema: 1,
      kind: 'remote',
      name: remote,
      version: '1.2.0',
      federationRuntime: '2.9.2',
      singletons: { react: { version: '19.3.1', requiredVersion: '^19.3.0' } },
      exports: { '@devhub/shared/strings': ['PAGE_TITLES'] },
      exposes,
      ...record,
    },
  };
}

export const REGISTRY = {
  environment: 'local',
  remotes: {
    catalog: { entry: manifestUrl('catalog') },
    account: { entry: manifestUrl('account') },
    auth: { entry: manifestUrl('auth') },
  },
  allowedOverrideOrigins: ['http://localhost:3101'],
};

/** remotes.json and every remote's manifest, answered as a healthy environment would. */
export function environmentHandlers(registry: JsonBodyType = REGISTRY) {
  return [
    http.get('http://localhost/remotes.json', () => HttpResponse.json(registry)),
    http.get('http://localhost/:remote/mf-manifest.json', ({ params }) =>
      HttpResponse.json(remoteManifest(params.remote as string)),
    ),
  ];
}

/** A registry that never answers in a test's lifetime. */
export const hungRegistry = http.get('http://localhost/remotes.json', async () => {
  await delay('infinite');
  return HttpResponse.json(REGISTRY);
});

// Compatibility records as the builds write them, for the tests of the commands that check them
// (remotes-commands, prerender): a shell build's compatibility.json and a remote's manifest record.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const EXPOSES = {
  catalog: ['./HomePage', './ListingPage'],
  auth: ['./SignInPage', './SignUpPage'],
  account: ['./ProfilePage', './RepoPage', './CartPage', './SettingPage'],
};

/** @param {string} expose @param {string} path @param {'main' | 'account' | 'standalone'} layout */
const page = (expose, path, layout) => ({
  expose,
  what: expose,
  layout,
  access: layout === 'account' ? 'signed-in' : 'public',
  routes: [{ path }],
});

/** The route tables the remotes' builds write into their manifests (one path per page here). */
export const ROUTE_TABLES = {
  catalog: [page('HomePage', '/', 'main'), page('ListingPage', '/blog', 'main')],
  auth: [page('SignInPage', '/signin', 'standalone'), page('SignUpPage', '/signup', 'standalone')],
  account: [
    page('ProfilePage', '/profile', 'account'),
    page('RepoPage', '/repo', 'account'),
    page('CartPage', '/cart', 'account'),
    page('SettingPage', '/setting', 'account'),
  ],
};

/** A shell build's record, written beside its index.html as compatibility.json. */
export function writeShellRecord(dir, { strings = ['PAGE_TITLES', 'SHELL_TEXT'], runtime = '2.9.2' } = {}) {
  mkdirSync(dir, { recursive: true });
  const record = {
    schema: 1,
    kind: 'host',
    name: 'shell',
    version: '1.0.0',
    federationRuntime: runtime,
    singletons: {
      react: { version: '19.3.1', requiredVersion: '^19.3.0' },
      '@devhub/shared/strings': { version: '0.1.0', requiredVersion: '^0.1.0' },
    },
    exports: { '@devhub/shared/strings': strings },
    requires: EXPOSES,
  };
  writeFileSync(join(dir, 'compatibility.json'), JSON.stringify(record));
}

/** The record a remote's build writes into its manifest, fitting writeShellRecord's shell unless told otherwise. */
export function remoteRecord(
  remote,
  version,
  { exposes = EXPOSES[remote], react = '19.3.1', strings = ['PAGE_TITLES'] } = {},
) {
  return {
    schema: 1,
    kind: 'remote',
    name: remote,
    version,
    federationRuntime: '2.9.2',
    singletons: { react: { version: react, requiredVersion: `^${react.replace(/\.\d+$/, '.0')}` } },
    exports: { '@devhub/shared/strings': strings },
    exposes,
  };
}

import type { ComponentType } from 'react';
import type * as ShellLoader from '../../shell/src/features/remotes/remote-loader';
import type { RemoteLoader } from '../../shell/src/features/remotes/remote-loader-types';
import {
  exportNameOf,
  type PageProps,
  type RemoteModuleId,
  type RemoteRouteTable,
} from '@devhub/shared/remote-contract';
import type { Registry } from '../../shell/src/features/remotes/registry';
import { ROUTES as ACCOUNT } from '../../remote-account/src/app/routes';
import { ROUTES as AUTH } from '../../remote-auth/src/app/routes';
import { ROUTES as CATALOG } from '../../remote-catalog/src/app/routes';

// The benchmark's baseline: the same app as one bundle. The shell's remote loader is swapped
// for this module at build time, so every page is a plain dynamic import.

type PageComponent<_K extends RemoteModuleId> = ComponentType<PageProps>;

const MODULES: Record<RemoteModuleId, () => Promise<Record<string, unknown>>> = {
  'catalog/HomePage': () => import('../../remote-catalog/src/app/exposes/home-page'),
  'catalog/ListingPage': () => import('../../remote-catalog/src/app/exposes/listing-page'),
  'auth/SignInPage': () => import('../../remote-auth/src/app/exposes/sign-in-page'),
  'auth/SignUpPage': () => import('../../remote-auth/src/app/exposes/sign-up-page'),
  'account/ProfilePage': () => import('../../remote-account/src/app/exposes/profile-page'),
  'account/RepoPage': () => import('../../remote-account/src/app/exposes/repo-page'),
  'account/CartPage': () => import('../../remote-account/src/app/exposes/cart-page'),
  'account/SettingPage': () => import('../../remote-account/src/app/exposes/setting-page'),
};

const pinOf = (table: RemoteRouteTable) => ({ entry: '', routes: table.map(({ file: _file, ...page }) => page) });

/** The shell's loader, one per remote host (remote-host.ts), with every page a plain dynamic import. */
export function createRemoteLoader(): RemoteLoader {
  const loaded = new Map<RemoteModuleId, ComponentType<never>>();
  return {
    /** Nothing to register: index.html still reads the registry once, so both variants make that request. */
    startRemotes() {},
    async loadPage<K extends RemoteModuleId>(id: K): Promise<PageComponent<K>> {
      const component = (await MODULES[id]())[exportNameOf(id)] as PageComponent<K>;
      loaded.set(id, component as ComponentType<never>);
      return component;
    },
    loadedPage<K extends RemoteModuleId>(id: K): PageComponent<K> | undefined {
      return loaded.get(id) as PageComponent<K> | undefined;
    },
    adoptPage<K extends RemoteModuleId>(id: K, component: PageComponent<K>): void {
      loaded.set(id, component as ComponentType<never>);
    },
    /** The remotes' route tables, as the registry would pin them: the routes are the same in both variants. */
    async registryReady(): Promise<Registry> {
      return {
        environment: 'mono',
        remotes: { catalog: pinOf(CATALOG), auth: pinOf(AUTH), account: pinOf(ACCOUNT) },
        allowedOverrideOrigins: [],
      };
    },
    /** One bundle is never prerendered: there are no pins for a page to have been rendered from. */
    async pinnedEntries(): Promise<Partial<Record<string, string>> | undefined> {
      return undefined;
    },
    async preloadPage(): Promise<void> {},
    async inspectRemote(_remote: string): Promise<void> {},
  };
}

// Every value the shell's loader exports, which this module stands in for: tsc fails here when the
// shell's loader gains one this baseline lacks, instead of the benchmark's build failing to link.
void ({
  createRemoteLoader,
} satisfies Record<keyof typeof ShellLoader, unknown>);

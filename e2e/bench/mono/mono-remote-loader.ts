import type { RemoteModuleId } from '@devhub/shared/remote-contract';

// The benchmark's baseline: the same app as one bundle. The shell's remote loader is
// swapped for this module at build time, so every page is a plain dynamic import.

const MODULES: Record<RemoteModuleId, () => Promise<object>> = {
  'catalog/HomePage': () => import('../../../remote-catalog/src/app/exposes/home-page'),
  'catalog/ListingPage': () => import('../../../remote-catalog/src/app/exposes/listing-page'),
  'auth/SignInPage': () => import('../../../remote-auth/src/app/exposes/sign-in-page'),
  'auth/SignUpPage': () => import('../../../remote-auth/src/app/exposes/sign-up-page'),
  'account/ProfilePage': () => import('../../../remote-account/src/app/exposes/profile-page'),
  'account/RepoPage': () => import('../../../remote-account/src/app/exposes/repo-page'),
  'account/CartPage': () => import('../../../remote-account/src/app/exposes/cart-page'),
  'account/SettingPage': () => import('../../../remote-account/src/app/exposes/setting-page'),
};

export function activateRegistry(): void {}

export function failRegistry(): void {}

export function currentRegistry(): null {
  return null;
}

export async function loadRemoteModule(id: RemoteModuleId): Promise<Record<string, unknown>> {
  return (await MODULES[id]()) as Record<string, unknown>;
}

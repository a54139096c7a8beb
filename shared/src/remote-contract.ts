import type { ComponentType } from 'react';
import remoteModules from './remote-modules.json';
import type { ListingPageProps } from './types';

/**
 * The typed contract between the shell and the remotes: which modules each remote exposes
 * and what each module exports. Remotes check their exposes against it at compile time
 * (src/app/exposes/contract.ts), the shell types its loads with it, and the remotes CLI
 * refuses a version whose manifest lacks a module listed here.
 *
 * Convention: the exposed module "./X" has a named export `X`. The same list, as data, is
 * remote-modules.json, which the remotes CLI (Node, no TypeScript) reads.
 */
export interface RemoteModules {
  'catalog/HomePage': { HomePage: ComponentType };
  'catalog/ListingPage': { ListingPage: ComponentType<ListingPageProps> };
  'auth/SignInPage': { SignInPage: ComponentType };
  'auth/SignUpPage': { SignUpPage: ComponentType };
  'account/ProfilePage': { ProfilePage: ComponentType };
  'account/RepoPage': { RepoPage: ComponentType };
  'account/CartPage': { CartPage: ComponentType };
  'account/SettingPage': { SettingPage: ComponentType };
}

export type RemoteModuleId = keyof RemoteModules;
export type RemoteName = RemoteModuleId extends `${infer R}/${string}` ? R : never;

/** Every exposed module, as data; tsc fails if one of the contract is missing here. */
export const REMOTE_MODULE_IDS = [
  'catalog/HomePage',
  'catalog/ListingPage',
  'auth/SignInPage',
  'auth/SignUpPage',
  'account/ProfilePage',
  'account/RepoPage',
  'account/CartPage',
  'account/SettingPage',
] as const satisfies readonly RemoteModuleId[];

type Holds<T extends true> = T;
export type AllModulesListed = Holds<
  [Exclude<RemoteModuleId, (typeof REMOTE_MODULE_IDS)[number]>] extends [never] ? true : false
>;

/** Every remote, in the order of remote-modules.json (which the Node remotes CLI reads). */
export const REMOTE_NAMES = Object.keys(remoteModules) as RemoteName[];

export const REMOTE_PACKAGES: Readonly<Record<RemoteName, string>> = Object.fromEntries(
  Object.entries(remoteModules).map(([name, info]) => [name, info.package]),
) as Record<RemoteName, string>;

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

/** The User Timing mark a page sets once its content (not a skeleton) is on screen. */
export const CONTENT_READY_MARK = 'content-ready:';

/**
 * Part of the contract: every exposed page calls this from an effect of the component that
 * shows its content, after any data it waits for. The benchmark measures time-to-content by it.
 */
export function markContentReady(id: RemoteModuleId): void {
  if (performance.getEntriesByName(`${CONTENT_READY_MARK}${id}`).length === 0) {
    performance.mark(`${CONTENT_READY_MARK}${id}`);
  }
}

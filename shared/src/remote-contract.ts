import type { ComponentType } from 'react';
import type { ListingPageProps } from './types';

/**
 * The typed contract between the shell and the remotes: which modules each remote exposes
 * and what each module exports. Remotes check their exposes against it at compile time
 * (src/app/exposes/contract.ts), the shell types its loads with it, and the remotes CLI
 * refuses a version whose manifest lacks a module listed here.
 *
 * Convention: the exposed module "./X" has a named export `X`.
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

export const REMOTE_NAMES: readonly RemoteName[] = ['catalog', 'auth', 'account'];

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

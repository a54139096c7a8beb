import type { RemoteModules } from '@devhub/shared/remote-contract';
import type * as CartPage from './cart-page';
import type * as ProfilePage from './profile-page';
import type * as RepoPage from './repo-page';
import type * as SettingPage from './setting-page';

interface Exposed {
  'account/ProfilePage': typeof ProfilePage;
  'account/RepoPage': typeof RepoPage;
  'account/CartPage': typeof CartPage;
  'account/SettingPage': typeof SettingPage;
}

type Holds<T extends true> = T;

/** Compile-time only: `tsc` fails when an exposed module drifts from the contract the shell loads by. */
export type ExposesMatchContract = Holds<Exposed extends Pick<RemoteModules, keyof Exposed> ? true : false>;

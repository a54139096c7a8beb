import type { RemoteModules } from '@devhub/shared/remote-contract';
import type * as SignInPageModule from './sign-in-page';
import type * as SignUpPageModule from './sign-up-page';

type Satisfies<Actual extends Expected, Expected> = [Actual, Expected];

/** Fails to compile when an exposed module drifts from the typed contract the shell loads it by. */
export type AuthExposesContract = [
  Satisfies<typeof SignInPageModule, RemoteModules['auth/SignInPage']>,
  Satisfies<typeof SignUpPageModule, RemoteModules['auth/SignUpPage']>,
];

import type { RemoteModules } from '@devhub/shared/remote-contract';
import type * as HomePageModule from './home-page';
import type * as ListingPageModule from './listing-page';

type Satisfies<Exposed extends Contract, Contract> = [Exposed, Contract];

/**
 * Fails to compile when an exposed module drifts from the contract the shell loads it by
 * (shared/src/remote-contract.ts).
 */
export type CatalogExposes = [
  Satisfies<typeof HomePageModule, RemoteModules['catalog/HomePage']>,
  Satisfies<typeof ListingPageModule, RemoteModules['catalog/ListingPage']>,
];

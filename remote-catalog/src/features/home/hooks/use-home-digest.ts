import { use } from 'react';
import { settled } from '../../../lib/settled';
import { fetchHomeDigest } from '../data/home-source';
import type { HomeDigest } from '../lib/home-digest';

let pending: Promise<HomeDigest> | null = null;

/** Loads the home digest once per page load; a failed load is forgotten so a retry asks again. */
export function loadHomeDigest(): Promise<HomeDigest> {
  pending ??= settled(
    fetchHomeDigest().catch((error: unknown) => {
      pending = null;
      throw error;
    }),
  );
  return pending;
}

/** The home digest; suspends until it has loaded the first time. */
export function useHomeDigest(): HomeDigest {
  return use(loadHomeDigest());
}

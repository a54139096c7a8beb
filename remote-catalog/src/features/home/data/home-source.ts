import type { HomeDigest } from '../lib/home-digest';

/**
 * The home page's data-access point, beside the catalogue's (`fetchArticles`): the digest is its
 * own small chunk, so the home page never waits for the whole list.
 */
export async function fetchHomeDigest(): Promise<HomeDigest> {
  const { HOME_DIGEST } = await import('./home-digest.gen');
  return HOME_DIGEST;
}

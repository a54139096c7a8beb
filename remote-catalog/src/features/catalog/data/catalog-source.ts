import type { SampleArticle } from '../model/catalog-types';

/**
 * The catalogue's one data-access point. Today it serves the bundled sample list (spec §7:
 * the catalogue makes no calls); an API client can replace the body without any page changing.
 * The list is a separate chunk, so the remote's entry stays small.
 */
export async function fetchArticles(): Promise<readonly SampleArticle[]> {
  const { SAMPLE_ARTICLES } = await import('./sample-articles');
  return SAMPLE_ARTICLES;
}

import { CAROUSEL_TOP_COUNT, TOP_TAG_COUNT } from '@devhub/shared/constants';
import { topTags } from '../../catalog/lib/rank-tags';
import { topByDownloads } from '../../catalog/lib/sort-items';
import { toCatalogItems } from '../../catalog/lib/to-catalog-items';
import type { CatalogItem, SampleArticle, TagCount } from '../../catalog/model/catalog-types';
import { homeSections, type HomeSection } from './home-sections';

/**
 * What the home page shows, taken from the whole catalogue ahead of time: the home page loads
 * these few articles instead of the whole list (an API would serve this as its home feed).
 */
export interface HomeDigest {
  /** The articles in the carousel and the sections, in source order. */
  articles: readonly SampleArticle[];
  /** 'Top tìm kiếm', ranked over the whole catalogue. */
  topTags: readonly TagCount[];
}

export interface HomeContent {
  featured: CatalogItem[];
  sections: HomeSection[];
}

/**
 * The carousel and the sections of a list of items. Every order is total (ties fall back to the
 * date, then the id), so a list holding the items shown yields exactly what the whole list does.
 */
export function homeContent(items: readonly CatalogItem[]): HomeContent {
  return { featured: topByDownloads(items, CAROUSEL_TOP_COUNT), sections: homeSections(items) };
}

export function buildHomeDigest(articles: readonly SampleArticle[]): HomeDigest {
  const items = toCatalogItems(articles);
  const { featured, sections } = homeContent(items);
  const shown = new Set([...featured, ...sections.flatMap((section) => section.items)].map((item) => item.id));
  return {
    articles: articles.filter((article) => shown.has(article.id)),
    topTags: topTags(items, TOP_TAG_COUNT),
  };
}

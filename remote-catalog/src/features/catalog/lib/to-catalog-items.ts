import type { CatalogItem, SampleArticle } from '../model/catalog-types';
import { typeOfCategory } from './item-type';

export function toCatalogItem(article: SampleArticle): CatalogItem | null {
  const type = typeOfCategory(article.category);
  if (!type) return null;
  return {
    id: article.id,
    title: article.title,
    description: article.excerpt,
    thumbnail: article.featuredImageUrl,
    tags: article.tags,
    views: article.views,
    downloads: article.downloads,
    type,
    publishDate: new Date(article.publishDate),
  };
}

/** The catalogue: every article that maps to a listing, in source order. */
export function toCatalogItems(articles: readonly SampleArticle[]): CatalogItem[] {
  const items: CatalogItem[] = [];
  for (const article of articles) {
    const item = toCatalogItem(article);
    if (item) items.push(item);
  }
  return items;
}

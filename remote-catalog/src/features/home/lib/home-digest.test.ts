import { SAMPLE_ARTICLES } from '../../catalog/data/sample-articles';
import { toCatalogItems } from '../../catalog/lib/to-catalog-items';
import { HOME_DIGEST } from '../data/home-digest.gen';
import { buildHomeDigest, homeContent } from './home-digest';

describe('home digest', () => {
  it('is up to date with the sample list (else run: npm run digest -w remote-catalog)', () => {
    expect(HOME_DIGEST).toEqual(buildHomeDigest(SAMPLE_ARTICLES));
  });

  it('gives the home page exactly what the whole catalogue gives it', () => {
    const fromDigest = homeContent(toCatalogItems(HOME_DIGEST.articles));
    const fromCatalogue = homeContent(toCatalogItems(SAMPLE_ARTICLES));
    expect(fromDigest).toEqual(fromCatalogue);
    expect(fromDigest.featured).toHaveLength(10);
    expect(fromDigest.sections.map((section) => section.items.length)).toEqual([4, 4, 4, 4, 4, 4, 4]);
  });

  it('keeps only the articles the home page shows, in source order', () => {
    const digest = buildHomeDigest(SAMPLE_ARTICLES);
    const { featured, sections } = homeContent(toCatalogItems(SAMPLE_ARTICLES));
    const shown = new Set([...featured, ...sections.flatMap((section) => section.items)].map((item) => item.id));
    expect(digest.articles.map((article) => article.id)).toEqual(
      SAMPLE_ARTICLES.filter((article) => shown.has(article.id)).map((article) => article.id),
    );
    expect(digest.articles.length).toBeLessThan(SAMPLE_ARTICLES.length / 2);
    expect(digest.topTags).toHaveLength(45);
  });
});

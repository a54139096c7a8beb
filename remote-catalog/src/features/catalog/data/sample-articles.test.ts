import { TYPE_RULES, typeOfCategory } from '../lib/item-type';
import { rankTags } from '../lib/rank-tags';
import { toCatalogItems } from '../lib/to-catalog-items';
import { SAMPLE_ARTICLES } from './sample-articles';

describe('the sample articles', () => {
  const items = toCatalogItems(SAMPLE_ARTICLES);
  const countOf = (type: string) => items.filter((item) => item.type === type).length;

  it('has about 120 articles, enough to fill every listing', () => {
    expect(SAMPLE_ARTICLES.length).toBeGreaterThanOrEqual(115);
    expect(SAMPLE_ARTICLES.length).toBeLessThanOrEqual(130);
    expect(countOf('blog')).toBeGreaterThanOrEqual(45);
    expect(countOf('software')).toBeGreaterThanOrEqual(25);
    expect(countOf('docs')).toBeGreaterThanOrEqual(25);
    expect(countOf('course')).toBeGreaterThanOrEqual(25);
  });

  it('includes a few articles that map to no listing', () => {
    const untyped = SAMPLE_ARTICLES.filter((article) => typeOfCategory(article.category) === null);
    expect(untyped.length).toBeGreaterThanOrEqual(3);
    expect(untyped.length).toBeLessThanOrEqual(10);
  });

  it('exercises every keyword of every type rule', () => {
    const categories = SAMPLE_ARTICLES.map((article) => article.category.toLowerCase());
    for (const { keywords } of TYPE_RULES) {
      for (const keyword of keywords) expect(categories.some((category) => category.includes(keyword))).toBe(true);
    }
  });

  it('has the spec §3 fields with plausible values', () => {
    const ids = new Set<string>();
    for (const article of SAMPLE_ARTICLES) {
      expect(article.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(article.id);
      expect(Number.isNaN(Date.parse(article.publishDate))).toBe(false);
      expect(new Date(article.publishDate).toISOString()).toBe(article.publishDate);
      expect(article.title.trim()).not.toBe('');
      expect(article.excerpt.length).toBeGreaterThan(80);
      expect(article.author.trim()).not.toBe('');
      expect(article.tags.length).toBeGreaterThan(0);
      expect(article.views).toBeGreaterThanOrEqual(800);
      expect(article.views).toBeLessThanOrEqual(6100);
      expect(article.downloads / article.views).toBeGreaterThan(0.35);
      expect(article.downloads / article.views).toBeLessThan(0.65);
      expect(typeof article.isFeatured).toBe('boolean');
      expect(article.featuredImageUrl).not.toMatch(/^(https?:)?\/\//);
    }
    expect(ids.size).toBe(SAMPLE_ARTICLES.length);
  });

  it('has at least 45 distinct tags in the catalogue, for "Top tìm kiếm"', () => {
    expect(rankTags(items).length).toBeGreaterThanOrEqual(45);
  });
});

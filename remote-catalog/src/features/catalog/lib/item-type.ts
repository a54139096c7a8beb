import type { ListingKind } from '../model/catalog-types';

/**
 * Spec §3's rules, in the spec's order: the first rule whose keyword occurs in the lowercase
 * category wins, so "Web Development" is a blog post although it mentions development.
 */
export const TYPE_RULES: ReadonlyArray<{ type: ListingKind; keywords: readonly string[] }> = [
  { type: 'blog', keywords: ['web', 'frontend', 'backend'] },
  { type: 'software', keywords: ['software', 'development'] },
  { type: 'docs', keywords: ['docs', 'document', 'infrastructure'] },
  { type: 'course', keywords: ['course', 'learning'] },
];

/** The listing an article belongs to, or null when no rule matches and it stays out of the catalogue. */
export function typeOfCategory(category: string): ListingKind | null {
  const text = category.toLowerCase();
  const rule = TYPE_RULES.find(({ keywords }) => keywords.some((keyword) => text.includes(keyword)));
  return rule ? rule.type : null;
}

import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ListingKind } from '../../catalog/model/catalog-types';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { Icon } from '@devhub/shared/icon';
import { filterItems, hasFilter, type CatalogFilter } from '../../catalog/lib/filter-items';
import type { CatalogItem } from '../../catalog/model/catalog-types';
import { LISTING_KINDS, listingHref } from '../lib/listing-params';
import styles from './empty-state.module.css';

/**
 * No match here: a way to clear the filters, and links to the listings where the same search and
 * tags do match, with their counts, so a tag from 'Top tìm kiếm' never ends in a dead end.
 */
export function EmptyState({
  kind,
  items,
  filter,
  onClear,
}: {
  kind: ListingKind;
  items: readonly CatalogItem[];
  filter: CatalogFilter;
  onClear: () => void;
}) {
  const { query, tags } = filter;
  const elsewhere = useMemo(
    () =>
      LISTING_KINDS.filter((other) => other !== kind)
        .map((other) => ({
          kind: other,
          count: filterItems(
            items.filter((item) => item.type === other),
            { query, tags },
          ).length,
        }))
        .filter(({ count }) => count > 0),
    [items, kind, query, tags],
  );

  return (
    <div className={styles.empty}>
      <span className={styles.icon}>
        <Icon name="inbox" size={40} />
      </span>
      <h3 className={styles.title}>{CATALOG_TEXT.emptyTitle}</h3>
      <p className={styles.body}>{CATALOG_TEXT.emptyBody}</p>
      {hasFilter(filter) && (
        <button type="button" className={styles.clear} onClick={onClear}>
          {CATALOG_TEXT.clearFilters}
        </button>
      )}
      {elsewhere.length > 0 && (
        <div className={styles.elsewhere}>
          <p className={styles.elsewhereTitle}>{CATALOG_TEXT.otherListings}</p>
          <ul className={styles.links}>
            {elsewhere.map(({ kind: other, count }) => (
              <li key={other}>
                <Link to={listingHref(other, { query, tags })} className={styles.link}>
                  {CATALOG_TEXT.otherListingCount(CATALOG_TEXT.kindLabels[other], count)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

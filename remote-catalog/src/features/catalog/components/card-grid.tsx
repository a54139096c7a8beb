import type { CatalogItem } from '../model/catalog-types';
import { CatalogCard, type CatalogCardProps } from './catalog-card';
import styles from './card-grid.module.css';

/** Cards in 4 columns, 2 on medium screens and 1 on small ones (spec §2). */
export function CardGrid({
  items,
  headingLevel,
  firstIsPriority = false,
}: {
  items: readonly CatalogItem[];
  headingLevel?: CatalogCardProps['headingLevel'];
  /** The grid leads its page: its first picture is the page's largest paint. */
  firstIsPriority?: boolean;
}) {
  return (
    <ul className={styles.grid}>
      {items.map((item, index) => (
        <li key={item.id} className={styles.cell}>
          <CatalogCard item={item} headingLevel={headingLevel} priority={firstIsPriority && index === 0} />
        </li>
      ))}
    </ul>
  );
}

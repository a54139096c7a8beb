import type { CatalogItem } from '../model/catalog-types';
import { CatalogCard, type CatalogCardProps } from './catalog-card';
import styles from './card-grid.module.css';

/** Cards in 4 columns, 2 on medium screens and 1 on small ones (spec §2). */
export function CardGrid({
  items,
  headingLevel,
}: {
  items: readonly CatalogItem[];
  headingLevel?: CatalogCardProps['headingLevel'];
}) {
  return (
    <ul className={styles.grid}>
      {items.map((item) => (
        <li key={item.id} className={styles.cell}>
          <CatalogCard item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

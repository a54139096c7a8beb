import { useId, type KeyboardEventHandler } from 'react';
import { Link } from 'react-router';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { Icon } from '@devhub/shared/icon';
import { CatalogThumbnail } from '../../catalog/components/catalog-thumbnail';
import { formatDownloads } from '../../catalog/lib/format-count';
import type { CatalogItem } from '../../catalog/model/catalog-types';
import styles from './featured-slide.module.css';

/** A featured item's card in the carousel, with its 'Xem chi tiết' action (a link to "/" like every card). */
export function FeaturedSlide({
  item,
  onKeyDown,
  priority = false,
}: {
  item: CatalogItem;
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
  /** The first slide: its picture is the home page's largest paint. */
  priority?: boolean;
}) {
  const titleId = useId();
  return (
    <article className={styles.card}>
      <CatalogThumbnail className={styles.thumbnail} src={item.thumbnail} draggable={false} priority={priority} />
      <div className={styles.body}>
        <h3 id={titleId} className={styles.title}>
          {item.title}
        </h3>
        <p className={styles.excerpt}>{item.description}</p>
        <div className={styles.footer}>
          <span className={styles.downloads}>
            <Icon name="download" size={16} />
            {formatDownloads(item.downloads)}
          </span>
          <Link to="/" className={styles.details} aria-describedby={titleId} onKeyDown={onKeyDown}>
            {CATALOG_TEXT.viewDetails}
          </Link>
        </div>
      </div>
    </article>
  );
}

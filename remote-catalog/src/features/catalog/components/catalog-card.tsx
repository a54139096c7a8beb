import { Link } from 'react-router';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { Icon } from '@devhub/shared/icon';
import { formatDownloads, formatViews } from '../lib/format-count';
import type { CatalogItem } from '../model/catalog-types';
import { CatalogThumbnail } from './catalog-thumbnail';
import styles from './catalog-card.module.css';

// Dates in Vietnam's time zone wherever the card is rendered: a page rendered ahead of time and
// the browser hydrating it must show the same day, whatever the server's or the visitor's zone.
const dateFormat = new Intl.DateTimeFormat('vi-VN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});

export interface CatalogCardProps {
  item: CatalogItem;
  /** The card's title level, one below the heading of the list it sits in. */
  headingLevel?: 'h2' | 'h3';
  /** The page's first card: its picture is the page's largest paint, fetched first. */
  priority?: boolean;
}

/** One item: thumbnail, title (1 line), excerpt (3 lines), tag chips and counts; the whole card links to "/" (spec §2). */
export function CatalogCard({ item, headingLevel: Heading = 'h3', priority = false }: CatalogCardProps) {
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <CatalogThumbnail className={styles.thumbnail} src={item.thumbnail} priority={priority} />
      </div>
      <div className={styles.body}>
        <time className={styles.date} dateTime={item.publishDate.toISOString()}>
          {dateFormat.format(item.publishDate)}
        </time>
        <Heading className={styles.title}>
          <Link to="/" className={styles.link} title={item.title}>
            {item.title}
          </Link>
        </Heading>
        <p className={styles.excerpt}>{item.description}</p>
        <ul className={styles.tags} aria-label={CATALOG_TEXT.tags}>
          {item.tags.map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
            </li>
          ))}
        </ul>
        <p className={styles.stats}>
          <span className={styles.stat} data-stat="downloads">
            <Icon name="download" size={16} />
            {formatDownloads(item.downloads)}
          </span>
          <span className={styles.stat} data-stat="views">
            <Icon name="eye" size={16} />
            {formatViews(item.views)}
          </span>
        </p>
      </div>
    </article>
  );
}

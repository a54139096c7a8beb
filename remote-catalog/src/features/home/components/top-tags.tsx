import { useId } from 'react';
import { Link } from 'react-router';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import type { TagCount } from '../../catalog/model/catalog-types';
import { tagSearchHref } from '../lib/home-sections';
import styles from './top-tags.module.css';

/** 'Top tìm kiếm': the most frequent tags, each opening the articles filtered by it. */
export function TopTags({ tags }: { tags: readonly TagCount[] }) {
  const headingId = useId();
  return (
    <section className={styles.block} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {CATALOG_TEXT.topSearches}
      </h2>
      <ul className={styles.list}>
        {tags.map(({ tag }) => (
          <li key={tag}>
            <Link to={tagSearchHref(tag)} className={styles.tag}>
              {tag}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

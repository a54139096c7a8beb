import { useId } from 'react';
import { Link } from 'react-router';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { Icon } from '@devhub/shared/icon';
import { CardGrid } from '../../catalog/components/card-grid';
import type { HomeSection as HomeSectionData } from '../lib/home-sections';
import styles from './home-section.module.css';

/** One of the home page's sections: a heading, its 4 cards and 'Xem tất cả'. */
export function HomeSection({ section }: { section: HomeSectionData }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.heading}>
          {section.title}
        </h2>
        {/* The visible name stays 'Xem tất cả'; the section heading tells the seven links apart. */}
        <Link to={section.href} className={styles.viewAll} aria-describedby={headingId}>
          {CATALOG_TEXT.viewAll}
          <Icon name="chevronRight" size={16} />
        </Link>
      </div>
      <CardGrid items={section.items} headingLevel="h3" />
    </section>
  );
}

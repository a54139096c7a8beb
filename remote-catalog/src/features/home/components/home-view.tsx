import { useMemo } from 'react';
import { CAROUSEL_TOP_COUNT, TOP_TAG_COUNT } from '@devhub/shared/constants';
import a11y from '../../../lib/a11y.module.css';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { useCatalog } from '../../catalog/hooks/use-catalog';
import { topTags } from '../../catalog/lib/rank-tags';
import { topByDownloads } from '../../catalog/lib/sort-items';
import { homeSections } from '../lib/home-sections';
import { FeaturedCarousel } from './featured-carousel';
import { HomeSection } from './home-section';
import { TopTags } from './top-tags';
import styles from './home-view.module.css';

export function HomeView() {
  const items = useCatalog();
  const featured = useMemo(() => topByDownloads(items, CAROUSEL_TOP_COUNT), [items]);
  const tags = useMemo(() => topTags(items, TOP_TAG_COUNT), [items]);
  const sections = useMemo(() => homeSections(items), [items]);

  return (
    <div className={styles.page}>
      <h1 className={a11y.visuallyHidden}>{CATALOG_TEXT.homeHeading}</h1>
      <FeaturedCarousel items={featured} />
      <TopTags tags={tags} />
      {sections.map((section) => (
        <HomeSection key={section.id} section={section} />
      ))}
    </div>
  );
}

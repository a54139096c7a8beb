import { useMemo } from 'react';
import { useContentReady } from '@devhub/shared/use-content-ready';
import a11y from '@devhub/shared/visually-hidden.module.css';
import { CATALOG_TEXT } from '../../../lib/catalog-text';
import { toCatalogItems } from '../../catalog/lib/to-catalog-items';
import { useHomeDigest } from '../hooks/use-home-digest';
import { homeContent } from '../lib/home-digest';
import { FeaturedCarousel } from './featured-carousel';
import { HomeSection } from './home-section';
import { TopTags } from './top-tags';
import styles from './home-view.module.css';

export function HomeView() {
  const digest = useHomeDigest();
  const { featured, sections } = useMemo(() => homeContent(toCatalogItems(digest.articles)), [digest]);
  const tags = digest.topTags;
  useContentReady('catalog/HomePage');

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

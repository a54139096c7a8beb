import { Suspense } from 'react';
import { usePageTitle } from '@devhub/shared/use-page-title';
import { PageSkeleton } from '../../catalog/components/page-skeleton';
import { HomeView } from './home-view';

/** The home page (exposed as `./HomePage`): its title is the product name alone (spec §1). */
export function HomePage() {
  usePageTitle();
  return (
    <Suspense fallback={<PageSkeleton />}>
      <HomeView />
    </Suspense>
  );
}

import { Suspense } from 'react';
import { PAGE_TITLES } from '@devhub/shared/strings';
import type { ListingKind } from '../../catalog/model/catalog-types';
import { usePageTitle } from '@devhub/shared/use-page-title';
import { PageSkeleton } from '../../catalog/components/page-skeleton';
import { ListingView } from './listing-view';

const TITLES: Readonly<Record<ListingKind, string>> = {
  blog: PAGE_TITLES.blog,
  software: PAGE_TITLES.software,
  docs: PAGE_TITLES.docs,
  course: PAGE_TITLES.courses,
};

/** The props its route table entries give the page (`src/app/routes.ts`). */
export interface ListingPageProps {
  kind: ListingKind;
}

/** A listing (exposed as `./ListingPage`): only the items of its kind, filtered by the URL's state. */
export function ListingPage({ kind }: ListingPageProps) {
  usePageTitle(TITLES[kind]);
  return (
    <Suspense fallback={<PageSkeleton />}>
      {/* A new kind is a new page: no search text or pager input carries over. */}
      <ListingView key={kind} kind={kind} />
    </Suspense>
  );
}

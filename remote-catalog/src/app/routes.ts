import type { RemoteRouteTable } from '@devhub/shared/remote-contract';
import { PAGE_NAMES, PAGE_TITLES } from '@devhub/shared/strings';

/**
 * The pages this remote serves. Its build exposes each page's component from its file and writes
 * the table into mf-manifest.json; the shell serves these paths once this build is pinned.
 */
export const ROUTES: RemoteRouteTable = [
  {
    expose: 'HomePage',
    file: './src/app/exposes/home-page.tsx',
    what: PAGE_NAMES.home,
    layout: 'main',
    access: 'public',
    routes: [{ path: '/' }],
  },
  {
    expose: 'ListingPage',
    file: './src/app/exposes/listing-page.tsx',
    what: PAGE_NAMES.listing,
    layout: 'main',
    access: 'public',
    routes: [
      { path: '/blog', title: PAGE_TITLES.blog, props: { kind: 'blog' } },
      { path: '/software', title: PAGE_TITLES.software, props: { kind: 'software' } },
      { path: '/docs', title: PAGE_TITLES.docs, props: { kind: 'docs' } },
      { path: '/courses', title: PAGE_TITLES.courses, props: { kind: 'course' } },
    ],
  },
];

import '@devhub/shared/tokens.css';
import { renderStandalone } from '@devhub/shared/standalone-frame';
import { PAGE_TITLES, SHELL_TEXT } from '@devhub/shared/strings';
import { HomePage } from '../features/home/components/home-page';
import { ListingPage } from '../features/listing/components/listing-page';

renderStandalone('remote-catalog', [
  { path: '/', label: SHELL_TEXT.nav.home, element: <HomePage /> },
  { path: '/blog', label: PAGE_TITLES.blog, element: <ListingPage key="blog" kind="blog" /> },
  { path: '/software', label: PAGE_TITLES.software, element: <ListingPage key="software" kind="software" /> },
  { path: '/docs', label: PAGE_TITLES.docs, element: <ListingPage key="docs" kind="docs" /> },
  { path: '/courses', label: PAGE_TITLES.courses, element: <ListingPage key="course" kind="course" /> },
]);

import { loadArticles } from '../pages/listing-page.js';

// As in the remotes: the module resolves once the page's data is in (top-level await).
await loadArticles();

export { ListingPage } from '../pages/listing-page.js';

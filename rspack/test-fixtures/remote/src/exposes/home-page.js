import { loadHomeDigest } from '../pages/home-page.js';

// As in the remotes: the module resolves once the page's data is in (top-level await).
await loadHomeDigest();

export { HomePage } from '../pages/home-page.js';

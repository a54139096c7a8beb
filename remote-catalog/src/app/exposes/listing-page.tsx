import { loadCatalog } from '../../features/catalog/hooks/use-catalog';

// The module resolves once the catalogue is in, so the page renders complete the moment the
// shell mounts it, with no skeleton in between (top-level await: the shell awaits the module).
await loadCatalog();

export { ListingPage } from '../../features/listing/components/listing-page';

import { loadHomeDigest } from '../../features/home/hooks/use-home-digest';

// The module resolves once the page's data is in, so the page renders complete the moment the
// shell mounts it, with no skeleton in between (top-level await: the shell awaits the module).
await loadHomeDigest();

export { HomePage } from '../../features/home/components/home-page';

export { RepoPage } from '../../features/repo/components/repo-page';

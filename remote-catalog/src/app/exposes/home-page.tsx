export { HomePage } from '../../features/home/components/home-page';

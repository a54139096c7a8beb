export { ProfilePage } from '../../features/profile/components/profile-page';

export { SignUpPage } from '../../features/sign-up/components/sign-up-page';

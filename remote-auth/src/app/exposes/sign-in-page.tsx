export { SignInPage } from '../../features/sign-in/components/sign-in-page';

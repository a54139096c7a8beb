import '@devhub/shared/tokens.css';
import { renderStandalone } from '@devhub/shared/standalone-frame';
import { PAGE_TITLES } from '@devhub/shared/strings';
import { SignInPage } from '../features/sign-in/components/sign-in-page';
import { SignUpPage } from '../features/sign-up/components/sign-up-page';
import { StandaloneHome } from './standalone-home';

renderStandalone('remote-auth', [
  { path: '/', element: <StandaloneHome /> },
  { path: '/signin', label: PAGE_TITLES.signIn, element: <SignInPage /> },
  { path: '/signup', label: PAGE_TITLES.signUp, element: <SignUpPage /> },
]);

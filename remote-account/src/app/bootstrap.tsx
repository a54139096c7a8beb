import '@devhub/shared/tokens.css';
import { renderStandalone } from '@devhub/shared/standalone-frame';
import { PAGE_TITLES } from '@devhub/shared/strings';
import { CartPage } from '../features/cart/components/cart-page';
import { ProfilePage } from '../features/profile/components/profile-page';
import { RepoPage } from '../features/repo/components/repo-page';
import { SettingPage } from '../features/setting/components/setting-page';

renderStandalone('remote-account', [
  { path: '/', element: <ProfilePage /> },
  { path: '/profile', label: PAGE_TITLES.profile, element: <ProfilePage /> },
  { path: '/repo', label: PAGE_TITLES.repo, element: <RepoPage /> },
  { path: '/cart', label: PAGE_TITLES.cart, element: <CartPage /> },
  { path: '/setting', label: PAGE_TITLES.setting, element: <SettingPage /> },
]);

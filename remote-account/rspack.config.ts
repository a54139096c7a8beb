import { createAppConfig } from '../rspack.config.base.ts';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'account',
  port: 3003,
  kind: 'remote',
  exposes: {
    './ProfilePage': './src/app/exposes/profile-page.tsx',
    './RepoPage': './src/app/exposes/repo-page.tsx',
    './CartPage': './src/app/exposes/cart-page.tsx',
    './SettingPage': './src/app/exposes/setting-page.tsx',
  },
});

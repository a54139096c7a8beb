import { createAppConfig } from '../rspack.config.base.ts';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'auth',
  port: 3002,
  kind: 'remote',
  exposes: {
    './SignInPage': './src/app/exposes/sign-in-page.tsx',
    './SignUpPage': './src/app/exposes/sign-up-page.tsx',
  },
});

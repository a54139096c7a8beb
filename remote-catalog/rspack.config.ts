import { createAppConfig } from '../rspack.config.base.ts';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'catalog',
  port: 3001,
  kind: 'remote',
  exposes: {
    './HomePage': './src/app/exposes/home-page.tsx',
    './ListingPage': './src/app/exposes/listing-page.tsx',
  },
});

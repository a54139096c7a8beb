import { createAppConfig } from '../rspack.config.base.ts';

const dir = import.meta.dirname;

export default createAppConfig({
  dir,
  name: 'shell',
  port: 3000,
  kind: 'host',
});

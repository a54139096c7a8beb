import { join } from 'node:path';
import { createAppConfig } from '../rspack.config.base.ts';

const dir = import.meta.dirname;

export default createAppConfig({
  dir,
  name: 'shell',
  port: 3000,
  kind: 'host',
  runtimePlugins: [join(dir, 'src/app/federation/runtime-plugin.ts')],
});

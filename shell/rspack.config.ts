import { join } from 'node:path';
import { createAppConfig } from '../rspack.config.base.ts';

const dir = import.meta.dirname;
const benchMono = join(dir, '../e2e/bench/mono');

export default createAppConfig({
  dir,
  name: 'shell',
  port: 3000,
  kind: 'host',
  runtimePlugins: [join(dir, 'src/app/federation/runtime-plugin.ts')],
  // `DEVHUB_BUILD_MODE=mono`: the benchmark's one-bundle baseline (see e2e/bench/run.mjs).
  ...(process.env.DEVHUB_BUILD_MODE === 'mono'
    ? {
        mono: {
          outputPath: join(dir, '../e2e/bench/tmp/mono'),
          alias: {
            [join(dir, 'src/app/federation/remote-loader.ts')]: join(benchMono, 'mono-remote-loader.ts'),
            [join(dir, 'src/features/remotes/remote-preload.ts')]: join(benchMono, 'mono-remote-preload.ts'),
            [join(dir, 'src/app/federation/early-registry.ts')]: join(benchMono, 'mono-early-registry.ts'),
          },
        },
      }
    : {}),
});

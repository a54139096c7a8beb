import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAppConfig, sharedSingletons } from '../rspack.config.base.ts';

const dir = import.meta.dirname;
const benchMono = join(dir, '../e2e/bench/mono');
const routeModules = readFileSync(join(dir, 'src/app/route-modules.json'), 'utf8');
const warmUpScript = readFileSync(join(dir, 'src/app/federation/warm-up.inline.js'), 'utf8')
  // Inlined in a <script>: the route map is data, and the source must not close the tag.
  .replace('ROUTE_MODULES', JSON.stringify(JSON.parse(routeModules)))
  .replace('SHELL_SHARED', JSON.stringify(Object.keys(sharedSingletons(dir))))
  .replaceAll('</', '<\\/');

export default createAppConfig({
  dir,
  name: 'shell',
  port: 3000,
  kind: 'host',
  runtimePlugins: [join(dir, 'src/app/federation/runtime-plugin.ts')],
  templateParameters: {
    // The one-bundle baseline has no remote to warm up; it still reads the registry once, like the shell.
    warmUpScript:
      process.env.DEVHUB_BUILD_MODE === 'mono' ? "window.__devhubRegistry = fetch('/remotes.json');" : warmUpScript,
  },
  // `DEVHUB_BUILD_MODE=mono`: the benchmark's one-bundle baseline (see e2e/bench/run.mjs).
  ...(process.env.DEVHUB_BUILD_MODE === 'mono'
    ? {
        mono: {
          outputPath: join(dir, '../e2e/bench/tmp/mono'),
          entry: join(benchMono, 'mono-index.ts'),
          alias: {
            [join(dir, 'src/app/federation/remote-loader.ts')]: join(benchMono, 'mono-remote-loader.ts'),
            [join(dir, 'src/features/remotes/remote-preload.ts')]: join(benchMono, 'mono-remote-preload.ts'),
          },
        },
      }
    : {}),
});

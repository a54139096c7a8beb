import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '@devhub/shared/remote-contract';
import { createAppConfig } from '../rspack.config.base.ts';
import { SHELL_RECORD_PLACEHOLDER } from '../rspack/compatibility-record-plugin.ts';

const dir = import.meta.dirname;
const routeModules = Object.fromEntries(ROUTES.map((route) => [route.path, route.module]));
const warmUpScript = readFileSync(join(dir, 'src/features/remotes/warm-up.inline.js'), 'utf8')
  // Inlined in a <script>: the route map is data, and the source must not close the tag.
  .replace('ROUTE_MODULES', JSON.stringify(routeModules))
  .replaceAll('</', '<\\/');

export default createAppConfig(dir, {
  runtimePlugins: [join(dir, 'src/features/remotes/runtime/manifest-plugin.ts')],
  templateParameters: { warmUpScript, compatibilityRecord: SHELL_RECORD_PLACEHOLDER },
});

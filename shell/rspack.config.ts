import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '@devhub/shared/remote-contract';
import { createAppConfig, createAppConfigs } from '../rspack.config.base.ts';
import { SHELL_RECORD_PLACEHOLDER } from '../rspack/compatibility-record-plugin.ts';
import { SHARED_FILES_PLACEHOLDER } from '../rspack/shell-files-plugin.ts';
import { PRERENDERED_ATTRIBUTE } from './src/features/prerender/prerendered-attribute.ts';

const dir = import.meta.dirname;
const routeModules = Object.fromEntries(ROUTES.map((route) => [route.path, route.module]));
const source = (file: string) => readFileSync(join(dir, 'src/features/remotes', file), 'utf8');
// One inline <script>: the functions of remote-files.js (the module the loader imports, its
// exports made local) and the warm-up that calls them, in a scope of their own. The route map and
// the prerendered page's attribute are data, and the source must not close the tag.
const warmUpScript =
  `(function () {\n${source('remote-files.js').replace(/^export function /gm, 'function ')}\n${source(
    'warm-up.inline.js',
  )
    .replace('ROUTE_MODULES', JSON.stringify(routeModules))
    .replace('PRERENDERED_ATTRIBUTE', JSON.stringify(PRERENDERED_ATTRIBUTE))}\n})();`.replaceAll('</', '<\\/');

const options = {
  templateParameters: {
    warmUpScript,
    compatibilityRecord: SHELL_RECORD_PLACEHOLDER,
    sharedFiles: SHARED_FILES_PLACEHOLDER,
  },
};

/** The browser build alone (the benchmark's one-bundle baseline starts from it). */
export const browserConfig = createAppConfig(dir, options);

export default createAppConfigs(dir, options);

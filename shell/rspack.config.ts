import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAppConfig, createAppConfigs } from '../rspack.config.base.ts';
import { SHELL_RECORD_PLACEHOLDER } from '../rspack/compatibility-record-plugin.ts';
import { SHARED_FILES_PLACEHOLDER } from '../rspack/shell-files-plugin.ts';
import { withEventReplayNames } from './src/features/prerender/event-replay-names.ts';
import { PRERENDERED_ATTRIBUTE } from './src/features/prerender/prerendered-attribute.ts';
import { BOOT_ISLAND_ID } from './src/lib/boot-island.ts';

const dir = import.meta.dirname;
const source = (file: string) => readFileSync(join(dir, 'src/features/remotes', file), 'utf8');
// One inline <script>: the functions of remote-files.js (the module the loader imports, its
// exports made local) and the warm-up that calls them, in a scope of their own. The prerendered
// page's attribute is data, and the source must not close the tag. (The routes come from the registry.)
const warmUpScript =
  `(function () {\n${source('remote-files.js').replace(/^export function /gm, 'function ')}\n${source(
    'warm-up.inline.js',
  ).replace('PRERENDERED_ATTRIBUTE', JSON.stringify(PRERENDERED_ATTRIBUTE))}\n})();`.replaceAll('</', '<\\/');

// Another inline <script>, ahead of everything: the events of a prerendered page before it hydrates.
const eventReplayScript = withEventReplayNames(
  readFileSync(join(dir, 'src/features/prerender/event-replay.inline.js'), 'utf8'),
).replaceAll('</', '<\\/');

const options = {
  templateParameters: {
    eventReplayScript,
    warmUpScript,
    // The page's one data island (boot-island.ts): each plugin fills its own part.
    bootIslandId: BOOT_ISLAND_ID,
    bootIsland: `{"compatibility":${SHELL_RECORD_PLACEHOLDER},"sharedFiles":${SHARED_FILES_PLACEHOLDER}}`,
  },
};

/** The browser build alone (the benchmark's one-bundle baseline starts from it). */
export const browserConfig = createAppConfig(dir, options);

export default createAppConfigs(dir, options);

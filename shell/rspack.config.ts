import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAppConfig, createAppConfigs } from '../rspack.config.base.ts';
import { SHELL_RECORD_PLACEHOLDER } from '../rspack/compatibility-record-plugin.ts';
import { SHARED_FILES_PLACEHOLDER } from '../rspack/shell-files-plugin.ts';
import { CONTENT_READY_MARK } from '@devhub/shared/remote-contract';
import { CHROME_READY_MARK, PAGE_MOUNTED_MARK, ROUTE_SETTLED_MARK } from './src/lib/page-marks.ts';
import { PRERENDERED_ATTRIBUTE } from './src/features/prerender/prerendered-attribute.ts';

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
const eventReplayScript = readFileSync(join(dir, 'src/features/prerender/event-replay.inline.js'), 'utf8')
  .replace('REPLAY_PRERENDERED_ATTRIBUTE', JSON.stringify(PRERENDERED_ATTRIBUTE))
  .replace('REPLAY_CONTENT_READY_MARK', JSON.stringify(CONTENT_READY_MARK))
  .replace('REPLAY_CHROME_READY_MARK', JSON.stringify(CHROME_READY_MARK))
  .replace('REPLAY_PAGE_MOUNTED_MARK', JSON.stringify(PAGE_MOUNTED_MARK))
  .replace('REPLAY_ROUTE_SETTLED_MARK', JSON.stringify(ROUTE_SETTLED_MARK))
  .replaceAll('</', '<\\/');

const options = {
  templateParameters: {
    eventReplayScript,
    warmUpScript,
    compatibilityRecord: SHELL_RECORD_PLACEHOLDER,
    sharedFiles: SHARED_FILES_PLACEHOLDER,
  },
};

/** The browser build alone (the benchmark's one-bundle baseline starts from it). */
export const browserConfig = createAppConfig(dir, options);

export default createAppConfigs(dir, options);

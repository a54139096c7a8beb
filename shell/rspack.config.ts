import { createAppConfig, createAppConfigs } from '../rspack.config.base.ts';
import { SHELL_RECORD_PLACEHOLDER } from '../rspack/compatibility-record-plugin.ts';
import { SHARED_FILES_PLACEHOLDER } from '../rspack/shell-files-plugin.ts';
import { BOOT_ISLAND_ID } from './src/lib/boot-island.ts';

const dir = import.meta.dirname;

const options = {
  templateParameters: {
    // The page's one data island (boot-island.ts): each plugin fills its own part.
    bootIslandId: BOOT_ISLAND_ID,
    bootIsland: `{"compatibility":${SHELL_RECORD_PLACEHOLDER},"sharedFiles":${SHARED_FILES_PLACEHOLDER}}`,
  },
  // The two scripts the page runs inline (start-page.ts).
  inlineScripts: { headScript: './src/app/head-script.ts' },
};

/** The browser build alone (the benchmark's one-bundle baseline starts from it). */
export const browserConfig = createAppConfig(dir, options);

export default createAppConfigs(dir, options);

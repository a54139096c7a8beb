// The benchmark's baseline: the same app built as one bundle, without Module Federation. The
// shell's config with the federation parts taken out; its remote loader swapped for direct
// imports of the remotes' exposed modules (mono-remote-loader.ts).
import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { BROWSER_TARGETS } from '../../rspack.config.base.ts';
import { browserConfig as shellConfig } from '../../shell/rspack.config.ts';
import { CompatibilityRecordPlugin } from '../../rspack/compatibility-record-plugin.ts';
import { ESM_FEDERATION_RUNTIME_PLUGIN } from '../../rspack/esm-federation-runtime.ts';
import { InlineScriptPlugin } from '../../rspack/inline-script-plugin.ts';
import { ShellFilesPlugin } from '../../rspack/shell-files-plugin.ts';
import { BOOT_ISLAND_ID } from '../../shell/src/lib/boot-island.ts';

const here = import.meta.dirname;
const shellDir = join(here, '../../shell');

const federationOnly = (plugin: unknown) =>
  plugin instanceof ModuleFederationPlugin ||
  plugin instanceof CompatibilityRecordPlugin ||
  plugin instanceof ShellFilesPlugin ||
  plugin instanceof rspack.NormalModuleReplacementPlugin ||
  plugin instanceof rspack.HtmlRspackPlugin ||
  plugin instanceof InlineScriptPlugin ||
  (plugin as { name?: unknown } | null)?.name === ESM_FEDERATION_RUNTIME_PLUGIN;

const headScript = new InlineScriptPlugin({
  entry: join(here, 'mono-head.ts'),
  targets: BROWSER_TARGETS,
  minify: true,
});

const config: Configuration = {
  ...shellConfig,
  entry: { main: join(here, 'mono-index.ts') },
  output: { ...shellConfig.output, path: join(here, '../tmp/mono') },
  resolve: {
    ...shellConfig.resolve,
    alias: {
      [join(shellDir, 'src/features/remotes/remote-loader.ts')]: join(here, 'mono-remote-loader.ts'),
      [join(shellDir, 'src/features/remotes/remote-preload.ts')]: join(here, 'mono-remote-preload.ts'),
    },
  },
  plugins: [
    ...(shellConfig.plugins ?? []).filter((plugin) => !federationOnly(plugin)),
    headScript,
    new rspack.HtmlRspackPlugin({
      template: join(shellDir, 'index.html'),
      minify: true,
      templateParameters: () => ({
        bootIslandId: BOOT_ISLAND_ID,
        bootIsland: '{}',
        headScript: headScript.text,
      }),
    }) as RspackPluginInstance,
  ],
};

export default config;

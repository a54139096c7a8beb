import { createRequire } from 'node:module';
import { join } from 'node:path';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { WORKSPACE_ROOT } from './app.ts';

/** The browser code of development only: the page's one refresh runtime and the hot update client. */
export const DEV_CLIENT_DIR = join(WORKSPACE_ROOT, 'rspack', 'dev-client');
const PAGE_REFRESH_RUNTIME = join(DEV_CLIENT_DIR, 'refresh-runtime.js');
const HOT_CLIENT = join(DEV_CLIENT_DIR, 'hot-client.js');
/** The hot client the dev server adds to every entry when `hot` is on (@rspack/dev-server's getClientHotEntry). */
const STOCK_HOT_CLIENT = createRequire(import.meta.url).resolve('@rspack/core/hot/dev-server');

/**
 * React Fast Refresh for a development build (never a production one: the caller leaves these out,
 * and the refresh plugin also does nothing outside development mode). Every bundle on the page
 * refreshes through one React Refresh runtime (rspack/dev-client/refresh-runtime.js), so a remote's
 * page refreshes in place inside the shell without React DevTools; the hot client reloads the page,
 * with one console line saying why, when an update cannot be applied in place.
 */
export function fastRefreshPlugins(): RspackPluginInstance[] {
  return [
    // Federation's generated runtime module (a data: URL named after @module-federation/runtime) holds no components.
    new ReactRefreshRspackPlugin({ exclude: [/[\\/]node_modules[\\/]/, /@module-federation[\\/]/, DEV_CLIENT_DIR] }),
    new rspack.NormalModuleReplacementPlugin(/^react-refresh\/runtime$/, (data) => {
      if (data.contextInfo.issuer !== PAGE_REFRESH_RUNTIME) data.request = PAGE_REFRESH_RUNTIME;
    }),
    new rspack.NormalModuleReplacementPlugin(
      new RegExp(`^${STOCK_HOT_CLIENT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      HOT_CLIENT,
    ),
  ];
}

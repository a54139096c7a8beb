import { join } from 'node:path';
import type { DevServer } from '@rspack/core';
import type { App } from './app.ts';
import { apiProxies, shellServing } from './dev-serving.ts';
import { DEV_CLIENT_DIR } from './fast-refresh.ts';

const DEV_SOCKET_TRANSPORT = join(DEV_CLIENT_DIR, 'socket-transport.js');

/**
 * Every dev server proxies /api to the auth API and /api/telemetry to the telemetry collector
 * (`DEVHUB_API_URL` and `DEVHUB_TELEMETRY_URL` point them elsewhere; npm start sets both).
 */
const PROXY_TARGETS = {
  api: process.env.DEVHUB_API_URL ?? 'http://localhost:4000',
  telemetry: process.env.DEVHUB_TELEMETRY_URL ?? 'http://localhost:4100',
};

export function devServer(app: App): DevServer {
  return {
    port: app.port,
    host: 'localhost',
    // Fast Refresh (rspack/fast-refresh.ts): a remote's entry carries its own hot client, which
    // keeps to its dev server's websocket and hot updates wherever the page is (the shell's origin).
    hot: true,
    liveReload: true,
    // Every app runs its own router (a remote runs alone for its team), so deep links fall back to index.html.
    historyApiFallback: true,
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Cache-Control': 'no-store',
    },
    proxy: apiProxies(PROXY_TARGETS),
    // The hot client says in one line why it reloads the page (rspack/dev-client/hot-client.js): the
    // stock clients' info lines would bury it.
    client: {
      logging: 'warn',
      overlay: { errors: true, warnings: false, runtimeErrors: false },
      // A closed socket is dialled every second (the stock client backs off to a minute): the page
      // reloads as soon as its restarted dev server answers, with one console line.
      webSocketTransport: DEV_SOCKET_TRANSPORT,
    },
    static: false,
    ...(app.kind === 'host' ? shellServing(process.env.DEVHUB_REGISTRY_FILE) : {}),
  };
}

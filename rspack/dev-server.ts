import { join } from 'node:path';
import type { DevServer } from '@rspack/core';
import type { App } from './app.ts';
import { apiProxy, shellServing } from './dev-serving.ts';
import { DEV_CLIENT_DIR } from './fast-refresh.ts';

const DEV_SOCKET_TRANSPORT = join(DEV_CLIENT_DIR, 'socket-transport.js');

/** Every dev server proxies /api to the auth API (`DEVHUB_API_URL` points it elsewhere). */
const API_PROXY_TARGET = process.env.DEVHUB_API_URL ?? 'http://localhost:4000';

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
    proxy: [apiProxy(API_PROXY_TARGET)],
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

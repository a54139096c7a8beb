// Development only: every app's dev server socket (devServer.client.webSocketTransport,
// rspack/dev-server.ts), the stock one plus one rule. When the socket comes back after it closed,
// the dev server restarted: whatever it builds now owes nothing to the hashes this page ran, so
// the page is loaded again (the stock client only does when the restarted build's hash differs,
// and a hot update asked of the new server for the old hash has nothing to go on).
import WebSocketClient from '@rspack/dev-server/client/clients/WebSocketClient.js';
import { reloadPage } from './reload.js';

let lost = false;

export default class RestartAwareSocket extends WebSocketClient {
  onOpen(listener) {
    super.onOpen((event) => {
      if (lost) reloadPage('its dev server restarted');
      else listener(event);
    });
  }

  onClose(listener) {
    super.onClose((event) => {
      lost = true;
      listener(event);
    });
  }
}

// Development only: every app's dev server socket (devServer.client.webSocketTransport,
// rspack/dev-server.ts), the stock one (@rspack/dev-server/client/clients/WebSocketClient.js)
// plus one rule. When its socket closes, the page dials the dev server itself at once and then
// every second: the stock client dials again after 1, 2, 4 … 64 s, so a dev server that restarted
// slowly was noticed up to two minutes late. A dial that finds no dev server means it went away:
// whatever answers next was built afresh and owes nothing to the hashes this page ran (the stock
// client reloads only when the new build's hash differs), so the page is loaded again. A dial
// that answers at once means it never went away (it dropped the socket, say for a heartbeat
// answered late on a loaded machine): the stock client reconnects as usual, the page is kept.
// After ten minutes without a dev server the dials stop, with one console line.
import { reloadPage, say } from './reload.js';

/** How long after a failed dial the next one starts. */
export const RETRY_MS = 1000;
/** Failed dials before giving up: ten minutes' worth. */
export const MAX_DIALS = 600;

/** A dial loop runs (or gave up): later closes are the stock client's retries failing. */
let watching = false;
/** A dial found no dev server: whatever answers from now on is a restarted one. */
let gone = false;

function watchForRestart(url) {
  watching = true;
  let failed = 0;
  const dial = () => {
    const probe = new WebSocket(url);
    probe.onopen = () => {
      probe.onclose = null;
      if (gone) {
        reloadPage('its dev server restarted');
        return;
      }
      probe.close();
      watching = false;
    };
    probe.onclose = () => {
      gone = true;
      failed += 1;
      if (failed < MAX_DIALS) setTimeout(dial, RETRY_MS);
      else say('its dev server has not answered for ten minutes; load the page again once it runs.');
    };
  };
  dial();
}

export default class RestartAwareSocket {
  constructor(url) {
    this.url = url;
    this.socket = new WebSocket(url);
  }

  onOpen(listener) {
    this.socket.onopen = (event) => {
      if (gone) reloadPage('its dev server restarted');
      else listener(event);
    };
  }

  onClose(listener) {
    this.socket.onclose = (event) => {
      if (!watching) watchForRestart(this.url);
      listener(event);
    };
  }

  onMessage(listener) {
    this.socket.onmessage = (event) => listener(event.data);
  }
}

// Development only: every app's dev server socket (devServer.client.webSocketTransport,
// rspack/dev-server.ts), with its own rule for a socket that closed. The stock client
// (@rspack/dev-server/client/socket.js) dials again after 1, 2, 4 … 64 s, so a dev server that
// restarted slowly is noticed up to two minutes late; and whatever it builds then owes nothing to
// the hashes this page ran (the stock client reloads only when the new build's hash differs, and
// a hot update asked of it for the old hash has nothing to go on). So once the socket closes,
// this page dials its dev server every second itself and loads the page again as soon as it
// answers, and gives up with one console line after ten minutes.
import { reloadPage, say } from './reload.js';

/** How long after a failed dial the next one starts. */
export const RETRY_MS = 1000;
/** Dials before giving up: ten minutes' worth. */
export const MAX_DIALS = 600;

/** The socket closed: from then on the dials are this module's, not the stock client's. */
let watching = false;

function watchForRestart(url) {
  watching = true;
  let dials = 0;
  const dial = () => {
    dials += 1;
    const probe = new WebSocket(url);
    probe.onopen = () => {
      probe.onclose = null;
      reloadPage('its dev server restarted');
    };
    probe.onclose = () => {
      if (dials < MAX_DIALS) setTimeout(dial, RETRY_MS);
      else say('its dev server has not answered for ten minutes; load the page again once it runs.');
    };
  };
  setTimeout(dial, RETRY_MS);
}

export default class RestartAwareSocket {
  constructor(url) {
    this.url = url;
    // The stock client's own dials after a close get a socket that never opens nor closes, which
    // ends its backoff: the dials are watchForRestart's.
    this.socket = watching ? undefined : new WebSocket(url);
  }

  onOpen(listener) {
    if (this.socket) this.socket.onopen = listener;
  }

  onClose(listener) {
    if (!this.socket) return;
    this.socket.onclose = (event) => {
      if (!watching) watchForRestart(this.url);
      listener(event);
    };
  }

  onMessage(listener) {
    if (this.socket) this.socket.onmessage = (event) => listener(event.data);
  }
}

// Development only: the one way a dev client reloads the page (rspack/dev-client/hot-client.js,
// rspack/dev-client/socket-transport.js). Every app on the page has its own clients, and one change
// (to @devhub/shared, say) can reach several of them: the first one reloads and says why, the
// others keep quiet, so the console has one line per reload.
// eslint-disable-next-line no-undef -- DefinePlugin (rspack.config.base.ts)
const app = __APP_NAME__;
const PAGE_KEY = '__devhubReloading';

/** One console line from this app's dev clients. */
export function say(text) {
  console.warn(`[devhub] ${app}: ${text}`);
}

export function reloadPage(reason) {
  if (globalThis[PAGE_KEY]) return;
  globalThis[PAGE_KEY] = true;
  say(`${reason}; reloading the page.`);
  globalThis.location.reload();
}

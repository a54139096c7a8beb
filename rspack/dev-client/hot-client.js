// Development only: every app's hot update client, in place of @rspack/core/hot/dev-server.js
// (rspack/fast-refresh.ts swaps it in). It applies what its dev server rebuilt; when the update
// cannot be applied in place it reloads the page, and says why in one console line (the stock
// client logs several lines of webpack internals, which `client.logging` silences).
import { emitter } from '@rspack/core/hot/emitter.js';

const hot = import.meta.webpackHot;
// eslint-disable-next-line no-undef -- DefinePlugin (rspack.config.base.ts)
const app = __APP_NAME__;

/** The hash the dev server last announced. */
let announced;
let applying = false;

function reload(reason) {
  console.warn(`[devhub] ${app}: ${reason}; reloading the page.`);
  globalThis.location.reload();
}

/** Why an update could not be applied: the first module it could not be applied to, in words. */
function reasonOf(error) {
  const message = error instanceof Error ? error.message : String(error);
  const module = /because (\S+) is not accepted/.exec(message)?.[1];
  if (/[\\/]shared[\\/]src[\\/]/.test(message)) {
    return `@devhub/shared changed (${module ?? 'a shared module'}), and the page's singletons cannot be swapped in place`;
  }
  if (module)
    return `${module} changed in a way Fast Refresh cannot apply (it exports more than components, or its exports changed)`;
  return `the update could not be applied (${message.split('\n')[0]})`;
}

function upToDate() {
  // eslint-disable-next-line no-undef -- the bundle's own hash, from the bundler
  return announced === undefined || announced.includes(__webpack_hash__);
}

function check() {
  applying = true;
  hot
    .check(true)
    .then((updated) => {
      applying = false;
      if (!updated) {
        reload('its dev server has no update for this page (it restarted)');
        return;
      }
      if (!upToDate()) check();
    })
    .catch((error) => {
      applying = false;
      if (['abort', 'fail'].includes(hot.status())) reload(reasonOf(error));
      else console.warn(`[devhub] ${app}: hot update failed: ${error instanceof Error ? error.message : error}`);
    });
}

if (hot) {
  emitter.on('webpackHotUpdate', (hash) => {
    announced = hash;
    if (!upToDate() && hot.status() === 'idle') check();
  });
  // Fast Refresh invalidates a module whose exports changed once the update ran (a page that now
  // exports something else): the runtime is then ready to apply that up to whatever accepts it.
  hot.addStatusHandler((status) => {
    if (status !== 'ready' || applying) return;
    applying = true;
    // Not from inside the status change that invalidate() is still making.
    queueMicrotask(() => {
      hot
        .apply({})
        .then(() => {
          applying = false;
        })
        .catch((error) => {
          applying = false;
          reload(reasonOf(error));
        });
    });
  });
}

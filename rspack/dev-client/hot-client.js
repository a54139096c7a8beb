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

/**
 * Why an update could not be applied: the module it started from (the first of the runtime's
 * "Update propagation" chain, up to the module nothing accepts), in words.
 */
function reasonOf(error) {
  const message = error instanceof Error ? error.message : String(error);
  const chain = /Update propagation: (.+)/.exec(message)?.[1]?.split(' -> ');
  const module = chain?.[0] ?? /because (\S+) is not accepted/.exec(message)?.[1];
  if (module) {
    return `${module} changed in a way Fast Refresh cannot apply in place (it exports more than components, or its exports changed)`;
  }
  return `the update could not be applied (${message.split('\n')[0]})`;
}

function upToDate() {
  // eslint-disable-next-line no-undef -- the bundle's own hash, from the bundler
  return announced === undefined || announced.includes(__webpack_hash__);
}

/** A module of @devhub/shared (its source, wherever it is bundled from). */
const SHARED_MODULE = /(^|[\\/])shared[\\/]src[\\/]/;

function check() {
  applying = true;
  hot
    .check(false)
    .then((updated) => {
      if (!updated) {
        reload('its dev server has no update for this page (it restarted)');
        return undefined;
      }
      // The shell provides @devhub/shared to every remote: swapping its modules in one bundle
      // would leave the others holding the old ones.
      const shared = updated.find((id) => SHARED_MODULE.test(String(id)));
      if (shared !== undefined) {
        reload(`@devhub/shared changed (${shared}), and every app on the page holds its singletons`);
        return undefined;
      }
      return hot.apply({}).then(() => {
        applying = false;
        if (!upToDate()) check();
      });
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

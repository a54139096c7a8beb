// Development only: every app's hot update client, in place of @rspack/core/hot/dev-server.js
// (rspack/fast-refresh.ts swaps it in). It applies what its dev server rebuilt; when the update
// cannot be applied in place it reloads the page, and says why in one console line (the stock
// client logs several lines of webpack internals, which `client.logging` silences).
import { emitter } from '@rspack/core/hot/emitter.js';
import { reloadPage } from './reload.js';

const hot = import.meta.webpackHot;
// eslint-disable-next-line no-undef -- DefinePlugin (rspack.config.base.ts)
const app = __APP_NAME__;

/** The hash the dev server last announced. */
let announced;
/** An update is being checked or applied: the status changes on the way are the runtime's own. */
let busy = false;

/**
 * Why an update could not be applied: the module it started from (the first of the runtime's
 * "Update propagation" chain, up to the module nothing accepts), in words.
 */
function reasonOf(error) {
  const message = error instanceof Error ? error.message : String(error);
  const chain = /Update propagation: (.+)/.exec(message)?.[1]?.split(' -> ');
  const module = chain?.[0] ?? /because (\S+) is not accepted/.exec(message)?.[1];
  if (module) return cannotApply(module);
  return `the update could not be applied (${message.split('\n')[0]})`;
}

function cannotApply(module) {
  return `${module} changed in a way Fast Refresh cannot apply in place (it exports more than components, or its exports changed)`;
}

function upToDate() {
  // eslint-disable-next-line no-undef -- the bundle's own hash, from the bundler
  return announced === undefined || announced.includes(__webpack_hash__);
}

/** A module of @devhub/shared (its source, wherever it is bundled from). */
const SHARED_MODULE = /(^|[\\/])shared[\\/]src[\\/]/;

/**
 * A module of the update that nothing will run again: it is not its own boundary (any more), and
 * nothing in this bundle loaded it. A page a remote exposes is one: the shell loaded it through
 * federation, and when its exports change the runtime disposes it without a word, leaving the
 * page as it was and every later update stuck behind it.
 */
function stranded(result) {
  // eslint-disable-next-line no-undef -- the bundle's module cache, from the bundler
  const cache = __webpack_require__.c;
  const accepted = new Set(Object.values(result.outdatedDependencies ?? {}).flat());
  return result.outdatedModules?.find((id) => {
    const module = cache[id];
    if (!module?.hot || !Array.isArray(module.parents) || accepted.has(id)) return false;
    if (module.hot._selfAccepted && !module.hot._selfInvalidated) return false;
    return !module.parents.some((parent) => cache[parent]);
  });
}

const APPLY_OPTIONS = {
  onAccepted(result) {
    const module = stranded(result);
    if (module !== undefined) reloadPage(cannotApply(module));
  },
};

/**
 * Applies what the runtime holds ready (a checked update, or modules Fast Refresh invalidated),
 * then whatever became ready or was announced meanwhile.
 */
function apply() {
  busy = true;
  return hot.apply(APPLY_OPTIONS).then(settle, fail);
}

/**
 * After an update ran: Fast Refresh invalidates a module whose exports changed once the module
 * ran (a page with top-level await runs after the update was applied), which makes the runtime
 * ready again; and the dev server may have announced another build.
 */
function settle() {
  busy = false;
  if (hot.status() === 'ready') return apply();
  if (!upToDate() && hot.status() === 'idle') return check();
  return undefined;
}

/** A hot update chunk that came without the update it should hold: the page can no longer follow its build. */
const LOST_CHUNK = /^Loading hot update chunk /;

function fail(error) {
  busy = false;
  const message = error instanceof Error ? error.message : String(error);
  if (['abort', 'fail'].includes(hot.status()) || LOST_CHUNK.test(message)) reloadPage(reasonOf(error));
  else console.warn(`[devhub] ${app}: hot update failed: ${message}`);
}

function check() {
  busy = true;
  return hot.check(false).then((updated) => {
    if (!updated) {
      // A restart is the socket's to tell (socket-transport.js). Here the server has no update
      // from the build this page runs: it built on from another one, which the page never got.
      reloadPage('its dev server has no update from the build this page runs');
      return undefined;
    }
    // The shell provides @devhub/shared to every remote: swapping its modules in one bundle
    // would leave the others holding the old ones.
    const shared = updated.find((id) => SHARED_MODULE.test(String(id)));
    if (shared !== undefined) {
      reloadPage(`@devhub/shared changed (${shared}), and every app on the page holds its singletons`);
      return undefined;
    }
    return apply();
  }, fail);
}

if (hot) {
  emitter.on('webpackHotUpdate', (hash) => {
    announced = hash;
    if (!busy && !upToDate() && hot.status() === 'idle') check();
  });
  hot.addStatusHandler((status) => {
    // Not from inside the status change that invalidate() is still making.
    if (status === 'ready' && !busy) queueMicrotask(() => !busy && hot.status() === 'ready' && apply());
  });
}

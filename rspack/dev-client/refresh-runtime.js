// Development only: what every app's bundle gets for `react-refresh/runtime` (rspack/fast-refresh.ts).
//
// Each federated bundle carries its own copy of the React Refresh runtime. A runtime only refreshes
// the renderers it saw inject into `__REACT_DEVTOOLS_GLOBAL_HOOK__`, and react-dom (one, the shell's)
// injects once, into the runtime that installed the hook first: a remote's own copy never sees it, so
// without React DevTools its refreshes reach nobody. So the first bundle on the page (the shell, or a
// remote running alone) publishes its runtime, and every bundle after it refreshes through that one.
import ownRuntime from 'react-refresh/runtime';

const PAGE_KEY = '__devhubReactRefresh';
const page = globalThis[PAGE_KEY] ?? (globalThis[PAGE_KEY] = { runtime: ownRuntime, hooked: false });
const runtime = page.runtime;

// Module ids are named by path ("./src/app/header.tsx") and the same path exists in several apps: a
// component's family is keyed by its app as well, or a remote's header would replace the shell's.
// eslint-disable-next-line no-undef -- defined per build by @rspack/plugin-react-refresh (the app's uniqueName)
const scope = typeof __react_refresh_library__ === 'string' ? __react_refresh_library__ : '';

export function injectIntoGlobalHook(globalObject) {
  // Wrapping the hook twice would count every commit twice.
  if (page.hooked) return;
  page.hooked = true;
  runtime.injectIntoGlobalHook(globalObject);
}

export function register(type, id) {
  runtime.register(type, `${scope} ${id}`);
}

export function getFamilyByID(id) {
  return runtime.getFamilyByID(`${scope} ${id}`);
}

export const {
  collectCustomHooksForSignature,
  createSignatureFunctionForTransform,
  getFamilyByType,
  hasUnrecoverableErrors,
  isLikelyComponentType,
  performReactRefresh,
  setSignature,
} = runtime;

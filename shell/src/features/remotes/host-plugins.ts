import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { Trust } from './integrity';
import type { RemoteCheck } from './remote-check';
import type { RemoteStatusStore } from './remote-status';
import { integrityPlugin } from './runtime-plugins/integrity-plugin';
import { pageExportPlugin } from './runtime-plugins/page-export-plugin';
import { statusPlugin } from './runtime-plugins/status-plugin';
import { tamperPlugin } from './runtime-plugins/tamper-plugin';

/**
 * The one list of what a remote host adds to the federation runtime, each concern one plugin, in
 * the order the runtime calls them for each hook: the status first (a load is timed from its start,
 * a failure is recorded before the tamper check may name a file). The host is the only caller of its
 * runtime's `loadRemote`, so every load the plugins see is a page of one of its remotes
 * ('catalog/HomePage'). The check that decides whether a remote may run at all comes before the
 * runtime is asked (remote-check.ts): the runtime rewrites the message of an error its
 * `beforeRequest` hook throws, and the slot shows that message.
 */
export function hostPlugins(context: {
  check: RemoteCheck;
  status: RemoteStatusStore;
  trust: Trust;
}): ModuleFederationRuntimePlugin[] {
  const { check, status, trust } = context;
  return [statusPlugin(status), pageExportPlugin(), integrityPlugin(trust), tamperPlugin({ check, status, trust })];
}

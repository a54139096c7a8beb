import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { exportNameOf, type RemoteModuleId } from '@devhub/shared/remote-contract';
import { SHELL_TEXT } from '@devhub/shared/strings';

/** A page's module must export the component its route table names: a module without it fails the load. */
export function pageExportPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'devhub-page-export',
    onLoad({ id, exposeModule }) {
      const exportName = exportNameOf(id as RemoteModuleId);
      const component = (exposeModule as Record<string, unknown> | null | undefined)?.[exportName];
      if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
        throw new Error(SHELL_TEXT.remote.badExport(id, exportName));
      }
    },
  };
}

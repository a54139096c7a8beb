import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { exportNameOf } from '@devhub/shared/remote-contract';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { isPageId } from './page-id';

/** A page's module must export the component its route table names: a module without it fails the load. */
export function pageExportPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'devhub-page-export',
    onLoad({ id, exposeModule }) {
      if (!isPageId(id)) return;
      const exportName = exportNameOf(id);
      const component = (exposeModule as Record<string, unknown> | null | undefined)?.[exportName];
      if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
        throw new Error(SHELL_TEXT.remote.badExport(id, exportName));
      }
    },
  };
}

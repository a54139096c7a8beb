import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { exportNameOf, remoteOf, type RemoteModuleId } from '@devhub/shared/remote-contract';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { firstMismatch, type Trust } from '../integrity';
import type { RemoteCheck } from '../remote-check';
import { TamperedRemoteError } from '../remote-errors';
import { pageFiles } from '../remote-files.js';
import type { RemoteStatusStore } from '../remote-status';

interface TamperContext {
  check: Pick<RemoteCheck, 'manifestOf'>;
  status: RemoteStatusStore;
  trust: Pick<Trust, 'listedDigest'>;
}

/**
 * After a verified remote's page failed to load: the first of its files (entry, the page's scripts
 * and stylesheets) whose bytes are not those its manifest lists, if one is why. It is read again
 * only to name it in the remotes panel (the browser already refused to run it), and the load fails
 * as tampered. (A remote the check refused never reaches the runtime: nothing of it was fetched.)
 */
export function tamperPlugin({ check, status, trust }: TamperContext): ModuleFederationRuntimePlugin {
  async function tamperedFile(id: RemoteModuleId): Promise<string | undefined> {
    const remote = remoteOf(id);
    let files;
    try {
      const { json, manifestUrl } = await check.manifestOf(remote, false);
      files = pageFiles(json, manifestUrl, `./${exportNameOf(id)}`, {});
    } catch {
      return undefined;
    }
    const urls = [...(files.entry ? [files.entry.url] : []), ...files.scripts, ...files.styles];
    const mismatch = await firstMismatch(urls, (url) => trust.listedDigest(url));
    if (!mismatch) return undefined;
    status.updateStatus(remote, { integrity: 'failed', mismatch });
    console.error(`[shell] ${remote} was not run: ${mismatch.file} does not match its digest`);
    return mismatch.file;
  }

  return {
    name: 'devhub-tamper',
    async errorLoadRemote({ id, error }) {
      const remote = remoteOf(id as RemoteModuleId);
      if (status.statusOf(remote).integrity !== 'verified' || !(await tamperedFile(id as RemoteModuleId)))
        return undefined;
      const tampered = new TamperedRemoteError(SHELL_TEXT.remote.tampered(remote), { cause: error });
      status.updateStatus(remote, { state: 'failed', error: tampered.message });
      throw tampered;
    },
  };
}

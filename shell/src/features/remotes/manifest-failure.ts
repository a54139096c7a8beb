import { SHELL_TEXT } from '@devhub/shared/strings';
import { MANIFEST_TIMEOUT_MS, type ManifestError } from './manifests';
import { TamperedRemoteError } from './remote-errors';
import type { RemoteStatusStore } from './remote-status';

/**
 * Why a remote's manifest could not be read, as the error its page's slot shows in Vietnamese: a
 * manifest that is not the pinned one is a tampered remote, which the remotes panel names; one
 * that is no manifest names its field in the console.
 */
export function manifestFailure(
  remote: string,
  error: ManifestError,
  updateStatus: RemoteStatusStore['updateStatus'],
  timeoutMs: number | undefined,
): Error {
  const { url, failure } = error;
  const text = SHELL_TEXT.manifest;
  // The reason names the remote: a dev server's URL does not, and the slot says whose page failed.
  const named = (reason: string) => `${remote}: ${reason}`;
  switch (failure.kind) {
    case 'integrity':
      updateStatus(remote, {
        integrity: 'failed',
        mismatch: { file: url, expected: failure.expected, actual: failure.actual },
      });
      console.error(`[shell] ${remote} was not run: ${url} is not the pinned manifest`);
      return new TamperedRemoteError(named(text.tampered(url)), { cause: error });
    case 'timeout':
      return new Error(named(text.timeout(url, (timeoutMs ?? MANIFEST_TIMEOUT_MS) / 1000)), { cause: error });
    case 'status':
      return new Error(named(text.httpStatus(url, failure.status)), { cause: error });
    case 'not-json':
      return new Error(named(text.notJson(url)), { cause: error });
    case 'invalid':
      // The slot says the file is no manifest it can read; the console names the field.
      console.error(`[shell] ${remote} was not run: ${url}: ${failure.problem}`);
      return new Error(named(text.notJson(url)), { cause: error });
    default:
      return new Error(named(text.unreachable(url)), { cause: error });
  }
}

// The one global the page's scripts leave for the shell (warm-up.js).
import type {
  filesBase as FilesBase,
  hintRemoteFiles as HintRemoteFiles,
  pageFiles as PageFiles,
  remoteFiles as RemoteFiles,
} from './remote-files.js';

declare global {
  /** What the page's scripts started before any bundle ran, for the shell's remote host (remote-host.ts). */
  interface DevhubBoot {
    /** The registry request: the host reads the registry from it, so it is fetched once. */
    registry?: Promise<Response>;
    /** The current route's manifest request, once the registry named it: the loader never asks a second time. */
    manifest?: Promise<{ url: string; response: Promise<Response> } | undefined>;
    /**
     * remote-files.js's functions, as the page's scripts carry them: the shell's loader uses these
     * instead of a second copy (remote-check.ts).
     */
    files?: {
      filesBase: typeof FilesBase;
      remoteFiles: typeof RemoteFiles;
      pageFiles: typeof PageFiles;
      hintRemoteFiles: typeof HintRemoteFiles;
    };
  }

  interface Window {
    /** Read once by the remote host as it is created, then cleared. */
    __devhubBoot?: DevhubBoot;
  }
}

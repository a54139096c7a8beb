// What the inline warm-up script finds around it at build time (see shell/rspack.config.ts), and
// the one global it leaves for the shell.
import type {
  filesBase as FilesBase,
  hintRemoteFiles as HintRemoteFiles,
  pageFiles as PageFiles,
  remoteFiles as RemoteFiles,
  shellSharedFiles as ShellSharedFiles,
} from './remote-files.js';

declare global {
  /** The attribute a prerendered page's <html> carries (prerender-record.ts). */
  const PRERENDERED_ATTRIBUTE: string;
  /** remote-files.js, inlined ahead of the warm-up. */
  const filesBase: typeof FilesBase;
  const remoteFiles: typeof RemoteFiles;
  const pageFiles: typeof PageFiles;
  const shellSharedFiles: typeof ShellSharedFiles;
  const hintRemoteFiles: typeof HintRemoteFiles;

  /** What index.html's inline warm-up started before any bundle ran, for the shell's remote host (remote-host.ts). */
  interface DevhubBoot {
    /** The registry request: the host reads the registry from it, so it is fetched once. */
    registry?: Promise<Response>;
    /** The shared modules' files index.html lists, as shellSharedFiles read them: the bootstrap's readShellBuild takes them. */
    sharedFiles?: Record<string, string[]>;
    /** The current route's manifest request, once the registry named it: the loader never asks a second time. */
    manifest?: Promise<{ url: string; response: Promise<Response> } | undefined>;
    /** On a prerendered page, the hints set aside for the page's first paint to start (first-paint.ts). */
    warmUp?: () => void;
    /**
     * remote-files.js's functions, as inlined: the shell's loader uses these instead of a second
     * copy (remote-loader.ts).
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

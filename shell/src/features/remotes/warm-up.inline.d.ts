// What the inline warm-up script finds around it at build time (see shell/rspack.config.ts).
import type {
  hintRemoteFiles as HintRemoteFiles,
  pageFiles as PageFiles,
  shellSharedFiles as ShellSharedFiles,
} from './remote-files.js';

declare global {
  /** The attribute a prerendered page's <html> carries (prerender-record.ts). */
  const PRERENDERED_ATTRIBUTE: string;
  /** remote-files.js, inlined ahead of the warm-up. */
  const pageFiles: typeof PageFiles;
  const shellSharedFiles: typeof ShellSharedFiles;
  const hintRemoteFiles: typeof HintRemoteFiles;

  interface Window {
    /** On a prerendered page, the warm-up's hints, left for the page's first paint to start (first-paint.ts). */
    __devhubWarmUp?: () => void;
  }
}

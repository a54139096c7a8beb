// What the inline event replay finds around it at build time (see shell/rspack.config.ts).
declare global {
  /** The attribute a prerendered page's <html> carries (prerendered-attribute.ts). */
  const REPLAY_PRERENDERED_ATTRIBUTE: string;
  /** The start of the mark a page sets once its content is on screen (remote-contract.ts). */
  const REPLAY_CONTENT_READY_MARK: string;
  /** The mark the shell sets once its chrome has hydrated (lib/page-marks.ts). */
  const REPLAY_CHROME_READY_MARK: string;
  /** The start of the mark set once a remote's page is mounted (lib/page-marks.ts). */
  const REPLAY_PAGE_MOUNTED_MARK: string;
  /** The start of the mark a route sets when it comes to rest without a remote's content (lib/page-marks.ts). */
  const REPLAY_ROUTE_SETTLED_MARK: string;
  /** The selector of the shell's <main>, the page's area (lib/main-content-id.ts). */
  const REPLAY_MAIN_CONTENT: string;
}

export {};

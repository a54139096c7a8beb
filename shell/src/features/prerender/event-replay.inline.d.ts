// What the inline event replay finds around it at build time (see shell/rspack.config.ts).
declare global {
  /** The attribute a prerendered page's <html> carries (prerendered-attribute.ts). */
  const REPLAY_PRERENDERED_ATTRIBUTE: string;
  /** The start of the mark a page sets once its content is on screen (remote-contract.ts). */
  const REPLAY_CONTENT_READY_MARK: string;
}

export {};

/** A remote build this shell build cannot run: the reasons, in Vietnamese, for the page's slot. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/**
 * A remote whose bytes are not the pinned ones: nothing of it ran. The slot says so in Vietnamese;
 * the remotes panel names the file and both digests.
 */
export class TamperedRemoteError extends Error {
  override name = 'TamperedRemoteError';
}

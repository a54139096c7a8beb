/** A remote build this shell build cannot run: the reasons, in Vietnamese, for the page's slot. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/**
 * The registry could not be read or was refused: no remote's fault, so the slot says what is wrong
 * with remotes.json itself rather than blaming a remote's server.
 */
export class RegistryUnreadableError extends Error {
  override name = 'RegistryUnreadableError';
}

/**
 * A remote whose bytes are not the pinned ones: nothing of it ran. The slot says so in Vietnamese;
 * the remotes panel names the file and both digests.
 */
export class TamperedRemoteError extends Error {
  override name = 'TamperedRemoteError';
}

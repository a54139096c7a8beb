// One bundle has no remotes to warm.
export function installRemotePreload(): () => void {
  return () => undefined;
}

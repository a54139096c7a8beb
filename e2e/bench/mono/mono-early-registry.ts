// One bundle has no remote to warm up; the registry is still read once, like the shell does.
let registryRequest: Promise<Response> | undefined;

export const readRegistryResponse = ((url: string) => {
  registryRequest ??= fetch(url);
  return registryRequest.then((response) => response.clone());
}) as typeof fetch;

export function warmUpCurrentRoute(): void {}

export function isRegistered(): boolean {
  return false;
}

declare global {
  interface Window {
    /** The registry request index.html's inline warm-up started before any bundle ran. */
    __devhubRegistry?: Promise<Response>;
  }
}

let registryRequest: Promise<Response> | undefined;

/** A fresh copy of the one registry response (started by index.html's warm-up when it ran). */
export const readRegistryResponse = ((url: string) => {
  registryRequest ??= window.__devhubRegistry ?? fetch(url);
  return registryRequest.then((response) => response.clone());
}) as typeof fetch;

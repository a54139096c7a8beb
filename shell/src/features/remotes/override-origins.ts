import type { Manifest } from '@devhub/contracts/manifest';
import { LOCAL_ENVIRONMENT, isLoopbackHost } from '@devhub/contracts/registry';
import { OVERRIDE_TEXT } from './override-text';
import { filesBase, remoteFiles } from './remote-files.js';

/** Where an override may load from: the registry's allow-list, and the environment it serves. */
export interface OverridePolicy {
  allowedOrigins: readonly string[];
  environment: string;
}

/** Why an override may not load from `url` (a Vietnamese reason), or nothing if it may. */
export function originRefusal(url: URL, { allowedOrigins, environment }: OverridePolicy): string | undefined {
  if (!allowedOrigins.includes(url.origin)) return OVERRIDE_TEXT.reasons.offList;
  // The registry's validation refuses such an allow-list outside local; this holds however the
  // registry got here: outside a developer's machine, nothing loads in the clear or from the visitor's own.
  if (environment !== LOCAL_ENVIRONMENT && (url.protocol !== 'https:' || isLoopbackHost(url.hostname))) {
    return OVERRIDE_TEXT.reasons.localOnly(environment);
  }
  return undefined;
}

/**
 * Whether everything an override's manifest resolves to, its files' folder (`publicPath`), its
 * entry, and every page's scripts and stylesheets, is on an origin the policy lets overrides load from.
 */
export function filesWithinPolicy(json: Manifest, manifestUrl: string, policy: OverridePolicy): boolean {
  const urls = [filesBase(json, manifestUrl)];
  for (const expose of [undefined, ...(json.exposes ?? []).map((item) => item.path)]) {
    const files = remoteFiles(json, manifestUrl, expose);
    urls.push(...(files.entry ? [files.entry.url] : []), ...files.scripts, ...files.styles);
    for (const shared of Object.values(files.sharedScripts)) urls.push(...shared);
  }
  return urls.every((url) => {
    try {
      return originRefusal(new URL(url), policy) === undefined;
    } catch {
      return false;
    }
  });
}

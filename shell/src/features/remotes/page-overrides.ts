import type { Manifest } from '@devhub/contracts/manifest';
import { filesWithinPolicy, type OverridePolicy } from './override-origins';
import { OVERRIDE_PARAM } from './override-presence';
import { collectOverrides, type Overrides, type RefusedOverride } from './overrides';
import type { Registry } from './registry';
import type { RemoteStatusStore } from './remote-status';

/** This page's overrides, as the remote check applies them. */
export interface PageOverrides {
  /** The manifest URL of each remote an override applies to. */
  accepted: Overrides;
  /** Whether every file an override's manifest resolves to is on an origin overrides may load from. */
  withinPolicy(json: Manifest, manifestUrl: string): boolean;
}

/**
 * The overrides of this page load, once the registry is in: the confirmed ones apply; those a
 * link proposed go to the status (the notice and the remotes panel show them) and apply only once
 * the visitor confirms them there; refused ones are told through `onRefused`. The address loses
 * its `mf-override` parameters: the visitor shares the page, not the proposal.
 */
export function takeOverrides(
  registry: Registry,
  status: Pick<RemoteStatusStore, 'setProposals'>,
  onRefused: ((refused: RefusedOverride[]) => void) | undefined,
): PageOverrides {
  const policy: OverridePolicy = { allowedOrigins: registry.allowedOverrideOrigins, environment: registry.environment };
  const overrides = collectOverrides(window.location.search, Object.keys(registry.remotes), policy);
  if (overrides.fromUrl) {
    const url = new URL(window.location.href);
    url.searchParams.delete(OVERRIDE_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }
  status.setProposals(overrides.proposed);
  if (overrides.refused.length > 0) onRefused?.(overrides.refused);
  return {
    accepted: overrides.accepted,
    withinPolicy: (json, manifestUrl) => filesWithinPolicy(json, manifestUrl, policy),
  };
}

import { LOCAL_ENVIRONMENT, type RegistryPin } from '@devhub/contracts/registry';

/**
 * What a remote's manifest must be before anything of it runs: the registry's digest
 * (`integrity`), or `required` with none, which refuses it (fail closed).
 */
export interface PinExpectation {
  integrity?: string | undefined;
  required: boolean;
}

/**
 * The expectation for a remote's pin in `environment`. A digest is required of a published
 * version, and of every pin outside a developer's own machine: the registry's validation refuses
 * a pin without one there too, but the loader does not rely on how the registry reached it. Only a
 * local dev server's entry, and an override the visitor confirmed, run unverified (and are shown
 * so in the remotes panel).
 */
export function expectationOf(pin: RegistryPin | undefined, environment: string, override: boolean): PinExpectation {
  if (override) return { required: false };
  return {
    integrity: pin?.integrity,
    required: pin?.version !== undefined || environment !== LOCAL_ENVIRONMENT,
  };
}

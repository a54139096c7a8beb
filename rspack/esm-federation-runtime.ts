import { existsSync } from 'node:fs';
import { rspack, type RuleSetRule } from '@rspack/core';

/**
 * Rspack's federation plugin resolves the MF runtime packages with `require`, i.e. their CommonJS
 * builds, which cannot be tree-shaken: every shell and remote entry then carried all of the SDK
 * (Node loaders, manifest generation, option normalising). Their ES module builds sit beside
 * them, so every federation runtime file is swapped for its ES module twin. A rule types the
 * swapped files as ES modules, whatever their name says.
 */
const FEDERATION_CJS = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/].+\.cjs$/;

function esmTwin(file: string): string {
  const candidates = [file.replace(/\.cjs$/, '.js'), file.replace(/\.cjs$/, '.mjs')];
  return candidates.find((candidate) => existsSync(candidate)) ?? file;
}

export const esmFederationRuntimeRule: RuleSetRule = { test: FEDERATION_CJS, type: 'javascript/auto' };

export function esmFederationRuntime() {
  return new rspack.NormalModuleReplacementPlugin(FEDERATION_CJS, (data) => {
    // Absolute requests (the runtime entry) are swapped before resolving, aliased ones after.
    if (data.createData?.resource) data.createData.resource = esmTwin(data.createData.resource);
    else data.request = esmTwin(data.request);
  });
}

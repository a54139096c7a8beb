import { existsSync } from 'node:fs';
import type { Module } from '@rspack/core';
import { resourceOf } from './chunk-graph.ts';
import { BundlerInternalsError } from './versions.ts';

// The federation runtime's ES module twins.

/** A CommonJS file of a federation runtime package. */
export const FEDERATION_RUNTIME_CJS = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/].+\.cjs$/;
const FEDERATION_RUNTIME_FILE = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/].+\.(c|m)?js$/;

/** The ES module build beside a federation runtime package's CommonJS file. */
export function esmTwinOf(file: string): string {
  const candidates = [file.replace(/\.cjs$/, '.js'), file.replace(/\.cjs$/, '.mjs')];
  const twin = candidates.find((candidate) => existsSync(candidate));
  if (!twin) {
    throw new BundlerInternalsError(
      'ES module twins of the federation runtime',
      `${file} has no ${candidates.map((candidate) => candidate.slice(candidate.lastIndexOf('.'))).join(' or ')} beside it`,
    );
  }
  return twin;
}

/**
 * After the swap: the build bundles federation runtime files, and none is CommonJS. (None at all:
 * the runtime is no longer found where the swap looks for it.)
 */
export function checkFederationRuntimeSwapped(modules: Iterable<Module>): void {
  const files = [...modules].flatMap((module) => {
    const resource = resourceOf(module);
    return resource && FEDERATION_RUNTIME_FILE.test(resource) ? [resource] : [];
  });
  if (files.length === 0) {
    throw new BundlerInternalsError(
      'federation runtime files',
      `no module of the build is a file matching ${FEDERATION_RUNTIME_FILE}`,
    );
  }
  const commonJs = files.filter((file) => FEDERATION_RUNTIME_CJS.test(file));
  if (commonJs.length > 0) {
    throw new BundlerInternalsError(
      'ES module twins of the federation runtime',
      `still bundled as CommonJS: ${commonJs.join(', ')}`,
    );
  }
}

import type { Compilation } from '@rspack/core';
import { parseManifest } from '@devhub/contracts/manifest';
import { BundlerInternalsError } from './versions.ts';

// The files the federation plugin emits: mf-manifest.json and mf-stats.json.

export const FEDERATION_MANIFEST = 'mf-manifest.json';
export const FEDERATION_STATS = 'mf-stats.json';

type FederationFile = typeof FEDERATION_MANIFEST | typeof FEDERATION_STATS;

export interface AssetLists {
  sync: string[];
  async: string[];
}

export interface FederationManifest {
  exposes: Array<{ path: string; requires?: string[]; assets: { js: AssetLists; css: AssetLists } }>;
  shared: Array<{ name: string; assets: { js: AssetLists; css: AssetLists } }>;
  metaData: Record<string, unknown>;
  [key: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isAssetLists = (value: unknown): value is AssetLists =>
  isObject(value) && Array.isArray(value.sync) && Array.isArray(value.async);

/** Checks the parts of a federation manifest (or stats) file this build reads and completes. */
function checkManifest(file: FederationFile, manifest: unknown): FederationManifest {
  const fail = (field: string, expected: string) =>
    new BundlerInternalsError(`${file} field ${field}`, `expected ${expected}`);
  if (!isObject(manifest)) throw fail('(root)', 'a JSON object');
  if (!isObject(manifest.metaData)) throw fail('metaData', 'an object');
  for (const key of ['exposes', 'shared'] as const) {
    const list = manifest[key];
    if (!Array.isArray(list)) throw fail(key, 'an array');
    list.forEach((item: unknown, index) => {
      if (!isObject(item)) throw fail(`${key}[${index}]`, 'an object');
      if (typeof item[key === 'exposes' ? 'path' : 'name'] !== 'string') {
        throw fail(`${key}[${index}].${key === 'exposes' ? 'path' : 'name'}`, 'a string');
      }
      const assets = item.assets;
      if (!isObject(assets) || !isAssetLists(assets.js) || !isAssetLists(assets.css)) {
        throw fail(`${key}[${index}].assets`, '{ js: { sync, async }, css: { sync, async } }');
      }
    });
  }
  return manifest as FederationManifest;
}

/**
 * Reads a file the federation plugin emitted, for a plugin tapped at PROCESS_ASSETS_STAGE_REPORT
 * of a remote's build (the federation plugin emits it at an earlier stage).
 */
export function readFederationFile(compilation: Compilation, file: FederationFile): FederationManifest {
  const asset = compilation.getAsset(file);
  if (!asset) {
    throw new BundlerInternalsError(
      file,
      `the federation plugin emitted no ${file} before PROCESS_ASSETS_STAGE_REPORT (a remote's build with manifest: true)`,
    );
  }
  // The repository's one reader first (what the shell, the CLI and the prerender rely on), then
  // what this build completes (every expose's and shared module's asset lists).
  const read = parseManifest(asset.source.source().toString());
  if (typeof read === 'string') throw new BundlerInternalsError(file, read);
  return checkManifest(file, read);
}

/** Rewrites a file the federation plugin emitted; `change` may modify the manifest it is given. */
export function rewriteFederationFile(
  compilation: Compilation,
  file: FederationFile,
  change: (manifest: FederationManifest) => FederationManifest | void,
): void {
  const manifest = readFederationFile(compilation, file);
  const next = change(manifest) ?? manifest;
  // The compilation's own Rspack: this module stays loadable where @rspack/core (ES modules only) is not.
  const { RawSource } = compilation.compiler.rspack.sources;
  compilation.updateAsset(file, new RawSource(JSON.stringify(next, null, 2)));
}

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { BundlerInternalsError, requireFromRoot } from './versions.ts';

// Federation plugin options that are experimental, checked against the schema the plugin ships.

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  enum?: unknown[];
  $ref?: string;
}

interface OptionsSchema {
  definitions: Record<string, SchemaNode>;
  properties: Record<string, SchemaNode>;
}

let schemaCache: OptionsSchema | undefined;

/** The options schema @module-federation/enhanced ships (the Rspack plugin itself does not validate). */
function federationOptionsSchema(): OptionsSchema {
  if (schemaCache) return schemaCache;
  const enhancedDir = dirname(requireFromRoot.resolve('@module-federation/enhanced/rspack'));
  const file = join(enhancedDir, 'schemas/container/ModuleFederationPlugin.js');
  if (!existsSync(file)) {
    throw new BundlerInternalsError('federation options schema', `${file} is missing`);
  }
  const schema = (requireFromRoot(file) as { default?: Partial<OptionsSchema> }).default;
  if (!schema?.properties || !schema.definitions) {
    throw new BundlerInternalsError(
      'federation options schema',
      `${file} exports no schema with properties and definitions`,
    );
  }
  schemaCache = { definitions: schema.definitions, properties: schema.properties };
  return schemaCache;
}

/**
 * Checks that the schema knows an option path (and, for an enum, the value we give it): from the
 * options' root, or from one of its definitions (`#TreeShakingConfig`).
 */
export function checkFederationOption(path: string[], value?: string): void {
  const schema = federationOptionsSchema();
  const resolveRef = (node: SchemaNode | undefined) =>
    node?.$ref ? schema.definitions[node.$ref.replace('#/definitions/', '')] : node;
  const [first, ...rest] = path;
  const fromDefinition = first?.startsWith('#');
  let node: SchemaNode | undefined = fromDefinition
    ? schema.definitions[first!.slice(1)]
    : { properties: schema.properties };
  const label = `federation plugin option ${path.join('.')}`;
  if (!node)
    throw new BundlerInternalsError(label, `the options schema of @module-federation/enhanced has no ${first}`);
  for (const key of fromDefinition ? rest : path) {
    node = resolveRef(node)?.properties?.[key];
    if (!node)
      throw new BundlerInternalsError(label, `the options schema of @module-federation/enhanced has no ${key}`);
  }
  node = resolveRef(node);
  if (value !== undefined && node?.enum && !node.enum.includes(value)) {
    throw new BundlerInternalsError(
      label,
      `"${value}" is not one of ${node.enum.map((option) => JSON.stringify(option)).join(', ')}`,
    );
  }
}

/**
 * The experimental options that keep the federation runtime out of the remotes' entries: it ships
 * once, in the shell, and each build drops the runtime code it does not use.
 */
export function federationExperiments(
  kind: 'host' | 'remote',
  isProduction: boolean,
): FederationOptions['experiments'] {
  checkFederationOption(['experiments', kind === 'host' ? 'provideExternalRuntime' : 'externalRuntime']);
  checkFederationOption(['experiments', 'optimization', 'target'], 'web');
  checkFederationOption(['experiments', 'optimization', 'disableSnapshot']);
  if (kind === 'host') {
    return { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } };
  }
  checkFederationOption(['experiments', 'optimization', 'disableRemote']);
  return {
    externalRuntime: isProduction,
    optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
  };
}

/** A shared module shipped with only these exports (the experimental shared tree shaking). */
export function treeShakenShare(usedExports: string[]) {
  checkFederationOption(['#TreeShakingConfig', 'mode'], 'runtime-infer');
  checkFederationOption(['#TreeShakingConfig', 'usedExports']);
  return { treeShaking: { mode: 'runtime-infer' as const, usedExports } };
}

/** Plugins the shared fallback builds leave out, by name: they are made with the app's plugins. */
export function sharedFallbackExclusions(pluginNames: string[]) {
  checkFederationOption(['treeShakingSharedExcludePlugins']);
  return { treeShakingSharedExcludePlugins: pluginNames };
}

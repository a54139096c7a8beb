// Module hooks that let Node 20 import this remote's TypeScript directly: extensionless relative
// imports resolve to .ts files, which @swc/core strips of their types on load. An imported image
// is its file name without extension (the bundler would make it a URL).
import { transformFile } from '@swc/core';
import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';

const EXTENSION = /\.([cm]?[jt]sx?|json|svg)$/;

export async function resolve(specifier, context, nextResolve) {
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && !EXTENSION.test(specifier) && context.parentURL?.endsWith('.ts')) {
    return nextResolve(`${specifier}.ts`, context);
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.endsWith('.svg')) {
    const file = fileURLToPath(url);
    return {
      format: 'module',
      source: `export default ${JSON.stringify(basename(file, extname(file)))};`,
      shortCircuit: true,
    };
  }
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const { code } = await transformFile(fileURLToPath(url), {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
    sourceMaps: false,
  });
  return { format: 'module', source: code, shortCircuit: true };
}

// @ts-check
// The public exports of a package, entry by entry, as a committed report (the idea of API
// Extractor's API report): a change to the exports shows in review, and the version it needs
// follows from the kind of change.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import inc from 'semver/functions/inc.js';
import lt from 'semver/functions/lt.js';
import ts from 'typescript';

/**
 * A value's shape: a type as text, or the shapes of an object's properties.
 *
 * @typedef {string | { [property: string]: Shape }} Shape
 */

/**
 * @typedef {object} ExportReport
 * @property {'value' | 'type'} kind
 * @property {Shape} shape
 */

/**
 * @typedef {object} ApiReport
 * @property {string} package
 * @property {string} version  the version the report was written at
 * @property {Record<string, Record<string, ExportReport>>} entries  entry ("./strings") → export name → report
 */

/** @typedef {'none' | 'feature' | 'breaking'} ChangeLevel */

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

/**
 * A value's shape. Literal types are widened (a text of SHELL_TEXT may change wording without
 * changing the API) and objects are described property by property, so adding a property reads as
 * an addition, not a change.
 *
 * @param {ts.TypeChecker} checker
 * @param {ts.Type} type
 * @param {number} depth
 * @returns {Shape}
 */
function valueShape(checker, type, depth) {
  const widened = checker.getBaseTypeOfLiteralType(type);
  const isPlainObject =
    (widened.flags & ts.TypeFlags.Object) !== 0 &&
    widened.getCallSignatures().length === 0 &&
    widened.getConstructSignatures().length === 0 &&
    !checker.isArrayType(widened) &&
    !checker.isTupleType(widened);
  if (!isPlainObject || depth > 4) return checker.typeToString(widened, undefined, FLAGS);
  /** @type {Record<string, Shape>} */
  const shape = {};
  for (const property of checker.getPropertiesOfType(widened)) {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (!declaration) continue;
    shape[property.name] = valueShape(checker, checker.getTypeOfSymbolAtLocation(property, declaration), depth + 1);
  }
  return shape;
}

/**
 * A type's shape: exact (a literal union is part of the API), objects property by property.
 *
 * @param {ts.TypeChecker} checker
 * @param {ts.Symbol} symbol
 * @returns {Shape}
 */
function typeShape(checker, symbol) {
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  const properties = checker.getPropertiesOfType(type);
  // A type alias is written out (a union of literals is part of the API), not named; a union's
  // members are sorted, since the checker orders them by when it first met each.
  if (type.isUnion()) {
    return type.types
      .map((member) => checker.typeToString(member, undefined, FLAGS))
      .sort()
      .join(' | ');
  }
  // An array is written out too: its members are the array's own, named by symbols that change between runs.
  if (!(type.flags & ts.TypeFlags.Object) || properties.length === 0 || checker.isArrayType(type)) {
    return checker.typeToString(type, undefined, FLAGS | ts.TypeFormatFlags.InTypeAlias);
  }
  /** @type {Record<string, Shape>} */
  const shape = {};
  for (const property of properties) {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (!declaration) continue;
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0 ? '?' : '';
    shape[`${property.name}${optional}`] = checker.typeToString(
      checker.getTypeOfSymbolAtLocation(property, declaration),
      undefined,
      FLAGS,
    );
  }
  return shape;
}

/**
 * @param {{ exports?: Record<string, string> }} pkg
 * @returns {[string, string][]}  entry → file, for the TypeScript entries only
 */
export function typeScriptEntries(pkg) {
  return Object.entries(pkg.exports ?? {}).filter(([, file]) => /\.tsx?$/.test(file));
}

/**
 * The package's own compiler options, to type-check without emitting.
 *
 * @param {string} packageDir
 * @returns {ts.CompilerOptions}
 */
export function compilerOptions(packageDir) {
  const configFile = ts.findConfigFile(packageDir, ts.sys.fileExists, 'tsconfig.json');
  if (!configFile) throw new Error(`${packageDir} has no tsconfig.json`);
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  );
  return { ...config?.options, noEmit: true, composite: false, declaration: false, emitDeclarationOnly: false };
}

/**
 * The report of a package's TypeScript entries (package.json `exports`; CSS, JSON and the
 * package.json itself are not TypeScript API).
 *
 * @param {string} packageDir
 * @returns {ApiReport}
 */
export function computeReport(packageDir) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const entries = typeScriptEntries(pkg);
  const program = ts.createProgram({
    rootNames: entries.map(([, file]) => resolve(packageDir, file)),
    options: compilerOptions(packageDir),
  });
  const checker = program.getTypeChecker();
  /** @type {ApiReport['entries']} */
  const report = {};
  for (const [entry, file] of entries) {
    const source = program.getSourceFile(resolve(packageDir, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    /** @type {Record<string, ExportReport>} */
    const exportsOfEntry = {};
    for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      if (!declaration) continue;
      exportsOfEntry[exported.name] =
        symbol.flags & ts.SymbolFlags.Value
          ? { kind: 'value', shape: valueShape(checker, checker.getTypeOfSymbolAtLocation(symbol, declaration), 0) }
          : { kind: 'type', shape: typeShape(checker, symbol) };
    }
    report[entry] = Object.fromEntries(Object.entries(exportsOfEntry).sort(([a], [b]) => a.localeCompare(b)));
  }
  return { package: pkg.name, version: pkg.version, entries: report };
}

/**
 * What changed between two reports, one line per change: removals and changes break consumers,
 * additions do not, and neither does a value whose new type `accepts` says fits the old one.
 *
 * @param {ApiReport['entries']} before
 * @param {ApiReport['entries']} after
 * @param {(before: string, after: string) => boolean} [accepts]  see assignabilityIn
 * @returns {{ level: ChangeLevel, changes: string[] }}
 */
export function diffReports(before, after, accepts = () => false) {
  /** @type {string[]} */
  const changes = [];
  let level = /** @type {ChangeLevel} */ ('none');
  /** @param {ChangeLevel} next */
  const raise = (next) => {
    if (next === 'breaking' || (next === 'feature' && level === 'none')) level = next;
  };
  /**
   * @param {string} path
   * @param {Shape | undefined} a
   * @param {Shape | undefined} b
   * @param {boolean} additive  whether a new property is an addition (values) or a change (types)
   */
  const compare = (path, a, b, additive) => {
    if (a === undefined && b !== undefined) {
      changes.push(`added ${path}`);
      raise(additive ? 'feature' : 'breaking');
    } else if (a !== undefined && b === undefined) {
      changes.push(`removed ${path}`);
      raise('breaking');
    } else if (typeof a === 'object' && typeof b === 'object') {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
        compare(`${path}.${key}`, a[key], b[key], additive);
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      const compatible = additive && typeof a === 'string' && typeof b === 'string' && accepts(a, b);
      changes.push(`${compatible ? 'widened' : 'changed'} ${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
      raise(compatible ? 'feature' : 'breaking');
    }
  };
  for (const entry of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[entry];
    const b = after[entry];
    if (!a || !b) {
      changes.push(`${a ? 'removed' : 'added'} entry ${entry}`);
      raise(a ? 'breaking' : 'feature');
      continue;
    }
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const was = a[name];
      const is = b[name];
      if (was && is && was.kind !== is.kind) {
        changes.push(`changed ${entry} ${name}: a ${was.kind} became a ${is.kind}`);
        raise('breaking');
        continue;
      }
      compare(`${entry} ${name}`, was?.shape, is?.shape, (was ?? is)?.kind === 'value');
    }
  }
  return { level, changes };
}

/**
 * The lowest version a change of `level` needs after `version`, with semver's rules below 1.0
 * (there a minor breaks and a patch adds).
 *
 * @param {string} version
 * @param {ChangeLevel} level
 * @returns {string}
 */
export function requiredVersion(version, level) {
  const major = Number(version.split('.')[0]);
  if (level === 'none') return version;
  if (level === 'breaking') return /** @type {string} */ (inc(version, major > 0 ? 'major' : 'minor'));
  return /** @type {string} */ (inc(version, major > 0 ? 'minor' : 'patch'));
}

/**
 * Whether the package's current exports and version agree with its committed report: the report
 * must describe the exports as they are, and any change since the version it was written at must
 * come with a version that is high enough.
 *
 * @param {ApiReport} committed
 * @param {ApiReport} current  computed from the sources, at the package.json version
 * @param {(before: string, after: string) => boolean} [accepts]  see assignabilityIn
 * @returns {{ ok: true } | { ok: false, message: string }}
 */
export function verdict(committed, current, accepts) {
  const { level, changes } = diffReports(committed.entries, current.entries, accepts);
  const needed = requiredVersion(committed.version, level);
  const listing = changes.map((change) => `  - ${change}`).join('\n');
  if (lt(current.version, needed)) {
    return {
      ok: false,
      message: `${current.package}'s exports changed (${level}) since ${committed.version}:\n${listing}\nBump its version to ${needed} or higher (shared/package.json; for a breaking change, the apps' dependency on it too), then run "npm run api-report".`,
    };
  }
  if (changes.length > 0 || committed.version !== current.version) {
    return {
      ok: false,
      message: `${current.package} ${current.version} is not what its committed report (${committed.version}) describes${listing ? `:\n${listing}` : ''}\nRun "npm run api-report" and commit the report.`,
    };
  }
  return { ok: true };
}

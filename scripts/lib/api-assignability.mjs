// @ts-check
// When a changed export is still compatible: the TypeScript compiler says whether a value of the
// new type fits every use of the old one (api-report.mjs's diffReports takes the answer).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { compilerOptions, typeScriptEntries } from './api-report.mjs';

/**
 * Whether a value whose type was `before` may now have the type `after` without breaking a
 * consumer: every use that compiled still compiles when `after` is assignable to `before` (a
 * parameter that accepts more, a property added to what a function returns). Both are type texts
 * of the report, so they are checked in a file that sees every export of the package by name; a
 * text naming an export that is gone does not compile, and counts as breaking.
 *
 * @param {string} packageDir
 * @returns {(before: string, after: string) => boolean}
 */
export function assignabilityIn(packageDir) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const checkFile = resolve(packageDir, '__api-report-check__.ts');
  const options = compilerOptions(packageDir);
  const host = ts.createCompilerHost(options);
  const exported = new Set();
  const imports = typeScriptEntries(pkg).map(([, file]) => {
    const source = ts.createSourceFile(file, readFileSync(resolve(packageDir, file), 'utf8'), ts.ScriptTarget.Latest);
    const names = source.statements
      .flatMap((statement) => exportedNames(statement))
      .filter((name) => {
        if (exported.has(name)) return false;
        exported.add(name);
        return true;
      });
    return names.length > 0 ? `import type { ${names.join(', ')} } from './${file.replace(/^\.\//, '')}';` : '';
  });
  return (before, after) => {
    const text = `${imports.join('\n')}\ndeclare const after: ${after};\nexport const before: ${before} = after;\n`;
    const program = ts.createProgram({
      rootNames: [checkFile],
      options,
      host: {
        ...host,
        fileExists: (file) => file === checkFile || host.fileExists(file),
        readFile: (file) => (file === checkFile ? text : host.readFile(file)),
        getSourceFile: (file, language) =>
          file === checkFile ? ts.createSourceFile(file, text, language) : host.getSourceFile(file, language),
      },
    });
    const checkSource = program.getSourceFile(checkFile);
    return (
      [...program.getSyntacticDiagnostics(checkSource), ...program.getSemanticDiagnostics(checkSource)].length === 0
    );
  };
}

/**
 * The names a top-level statement exports (declarations with `export`, and `export { … }` lists).
 *
 * @param {ts.Statement} statement
 * @returns {string[]}
 */
function exportedNames(statement) {
  if (ts.isExportDeclaration(statement)) {
    const clause = statement.exportClause;
    return clause && ts.isNamedExports(clause) ? clause.elements.map((element) => element.name.text) : [];
  }
  const exported = ts.canHaveModifiers(statement)
    ? ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    : false;
  if (!exported) return [];
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((declaration) =>
      ts.isIdentifier(declaration.name) ? [declaration.name.text] : [],
    );
  }
  const { name } = /** @type {{ name?: ts.Node }} */ (statement);
  return name && ts.isIdentifier(name) ? [name.text] : [];
}

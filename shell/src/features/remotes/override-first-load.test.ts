import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

// The override code is for the rare page that has an override (override-presence.ts): it stays out
// of what every page loads, the modules the bootstrap reaches through static imports (bench/ab.md:
// 1.8 KiB gzip). Type-only imports load nothing; `import()` is where a chunk of its own begins.
const SHELL_SRC = join(__dirname, '../..');
/** The two override modules every page needs: whether it can have one, and where the notices go. */
const FIRST_LOAD = ['features/remotes/override-presence.ts', 'features/remotes/components/override-badge-slot.tsx'];
/** Every other module of the shell named after overrides (tests aside). */
const OVERRIDE_CODE = readdirSync(SHELL_SRC, { recursive: true, encoding: 'utf8' }).filter(
  (file) => /override/.test(file) && /\.(tsx?|js)$/.test(file) && !/\.test\./.test(file) && !FIRST_LOAD.includes(file),
);
const STATIC_IMPORT = /^(?:import|export)(?!\s+type\s)(?:\s[^;]*?\sfrom)?\s+'(\.{1,2}\/[^']+)';/gm;

function resolveModule(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (file) => existsSync(file) && !file.endsWith('.css') && /\.(tsx?|js)$/.test(file),
  );
}

/** Every module of shell/src that `entry` reaches through static imports, relative to shell/src. */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = specifier && resolveModule(file, specifier);
      if (target) visit(target);
    }
  };
  visit(join(SHELL_SRC, entry));
  return [...seen].map((file) => relative(SHELL_SRC, file));
}

it("keeps the override code out of the shell's first load: the bootstrap reaches none of it without import()", () => {
  const reached = staticGraph('app/bootstrap.tsx');
  expect(reached).toEqual(
    expect.arrayContaining([
      'app/app.tsx',
      'features/remotes/remote-check.ts',
      'features/remotes/override-presence.ts',
    ]),
  );
  expect(OVERRIDE_CODE).toEqual(
    expect.arrayContaining(['features/remotes/overrides.ts', 'features/remotes/page-overrides.ts']),
  );
  expect(reached.filter((file) => OVERRIDE_CODE.includes(file))).toEqual([]);
});

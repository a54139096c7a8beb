import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PackageBinError, packageBin } from './package-bin.mjs';
import { WORKSPACE_ROOT } from './app.ts';

describe('packageBin', () => {
  let root;
  const install = (pkg, manifest, at = root) => {
    const dir = join(at, 'node_modules', pkg);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: pkg, ...manifest }));
    return dir;
  };

  beforeEach(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'devhub-package-bin-')));
    writeFileSync(join(root, 'package.json'), '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("finds the workspace's rspack CLI from its package.json, not from a written-down path", () => {
    const bin = packageBin('@rspack/cli');
    const { bin: declared } = JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'node_modules/@rspack/cli/package.json')));
    expect(bin).toBe(join(WORKSPACE_ROOT, 'node_modules/@rspack/cli', declared.rspack));
  });

  it('reads a bin given as a string', () => {
    const dir = install('tool', { bin: './cli/main.js' });
    expect(packageBin('tool', { from: root })).toBe(join(dir, 'cli/main.js'));
  });

  it('picks the executable named after the package, the only one, or the one asked for', () => {
    const scoped = install('@acme/build', { bin: { 'build-helper': 'h.js', build: 'bin/b.js' } });
    expect(packageBin('@acme/build', { from: root })).toBe(join(scoped, 'bin/b.js'));
    expect(packageBin('@acme/build', { from: root, name: 'build-helper' })).toBe(join(scoped, 'h.js'));
    const single = install('single', { bin: { other: 'o.js' } });
    expect(packageBin('single', { from: root })).toBe(join(single, 'o.js'));
  });

  it('resolves from the given folder first, as Node would from there', () => {
    install('tool', { bin: 'outer.js' });
    const nested = join(root, 'app');
    mkdirSync(nested);
    const inner = install('tool', { bin: 'inner.js' }, nested);
    expect(packageBin('tool', { from: nested })).toBe(join(inner, 'inner.js'));
    expect(dirname(packageBin('tool', { from: root }))).toBe(join(root, 'node_modules', 'tool'));
  });

  it('names the package when it is missing or declares no such executable', () => {
    expect(() => packageBin('not-installed-anywhere', { from: root })).toThrow(
      new PackageBinError(`not-installed-anywhere is not installed (looked from ${root}): run "npm install"`),
    );
    install('library', {});
    expect(() => packageBin('library', { from: root })).toThrow(/library declares no executable/);
    install('many', { bin: { a: 'a.js', b: 'b.js' } });
    expect(() => packageBin('many', { from: root })).toThrow(PackageBinError);
    expect(() => packageBin('many', { from: root, name: 'c' })).toThrow(/many declares no executable named "c"/);
  });
});

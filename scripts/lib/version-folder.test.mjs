import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError } from './cli.mjs';
import { builtVersion, copyBuildInto, setSourceMapsAside } from './version-folder.mjs';

describe("a deploy's source maps", () => {
  let dir;
  const write = (file, text = '') => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'devhub-maps-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are moved out of the build, keeping their paths, and the code stays', () => {
    write('build/remoteEntry.js', 'var a=1;');
    write('build/remoteEntry.js.map', '{"version":3}');
    write('build/server/server-remoteEntry.cjs', 'exports.a=1;');
    write('build/server/server-remoteEntry.cjs.map', '{"version":3}');
    write('build/style.css', '.a{}');

    expect(setSourceMapsAside(join(dir, 'build'), join(dir, 'maps'))).toBe(2);
    expect(existsSync(join(dir, 'build/remoteEntry.js.map'))).toBe(false);
    expect(existsSync(join(dir, 'build/server/server-remoteEntry.cjs.map'))).toBe(false);
    expect(readFileSync(join(dir, 'maps/remoteEntry.js.map'), 'utf8')).toBe('{"version":3}');
    expect(existsSync(join(dir, 'maps/server/server-remoteEntry.cjs.map'))).toBe(true);
    expect(readFileSync(join(dir, 'build/remoteEntry.js'), 'utf8')).toBe('var a=1;');
  });

  it('refuse a build whose code still points at a map', () => {
    write('build/remoteEntry.js', 'var a=1;\n//# sourceMappingURL=remoteEntry.js.map');
    expect(() => setSourceMapsAside(join(dir, 'build'), join(dir, 'maps'))).toThrow(
      new CliError(
        'remoteEntry.js references a source map (sourceMappingURL): production builds must use hidden source maps',
      ),
    );
    write('build/remoteEntry.js', 'var a=1;');
    write('build/style.css', '.a{}\n/*# sourceMappingURL=style.css.map */');
    expect(() => setSourceMapsAside(join(dir, 'build'), join(dir, 'maps'))).toThrow(CliError);
  });

  it("let a dependency's own comment inside the code be (it names a map that was never emitted)", () => {
    write('build/server.remoteEntry.cjs', 'var a=1;\n//# sourceMappingURL=browser.cjs.map\nvar b=2;\n');
    expect(setSourceMapsAside(join(dir, 'build'), join(dir, 'maps'))).toBe(0);
  });
});

describe('a build already made, published as it is', () => {
  let dir;
  const app = { name: 'catalog', dir: 'remote-catalog', packageName: 'remote-catalog' };
  const build = (manifest, files = {}) => {
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(
      join(dir, 'dist/mf-manifest.json'),
      typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
    );
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, 'dist', file), text);
    return join(dir, 'dist');
  };
  const catalogAt = (version) => ({ metaData: { name: 'catalog', buildInfo: { buildVersion: version } } });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'devhub-built-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is the version its manifest records, or the one package.json says if they agree', () => {
    const built = build(catalogAt('1.2.3'));
    expect(builtVersion(built, app)).toBe('1.2.3');
    expect(builtVersion(built, app, { version: '1.2.3', file: 'package.json' })).toBe('1.2.3');
    expect(() => builtVersion(built, app, { version: '1.3.0', file: 'package.json' })).toThrow(
      new CliError(
        `${built} was built as remote-catalog@1.2.3, but package.json says 1.3.0: build it again ("npm run build -w remote-catalog")`,
      ),
    );
  });

  it.each([
    ['a manifest that is not JSON', '{', /mf-manifest\.json is not JSON: run "npm run build -w remote-catalog" first$/],
    ['a version that leads out of its folder', catalogAt('../../1.0.0'), /records no valid version/],
    ['no version', { metaData: { name: 'catalog' } }, /records no valid version/],
  ])('refuses %s', (_, manifest, message) => {
    expect(() => builtVersion(build(manifest), app)).toThrow(message);
  });

  it('is copied with its maps set aside, the build itself untouched', () => {
    const built = build(catalogAt('1.0.0'), { 'remoteEntry.js': 'var a=1;', 'remoteEntry.js.map': '{}' });
    copyBuildInto({ builtDir: built, outputPath: join(dir, 'out'), mapsDir: join(dir, 'maps') });
    expect(existsSync(join(dir, 'out/remoteEntry.js.map'))).toBe(false);
    expect(existsSync(join(dir, 'maps/remoteEntry.js.map'))).toBe(true);
    expect(readFileSync(join(dir, 'out/remoteEntry.js'), 'utf8')).toBe('var a=1;');
    expect(existsSync(join(built, 'remoteEntry.js.map'))).toBe(true);
  });

  it('is refused, nothing left of the copy, when its code points at a map', () => {
    const built = build(catalogAt('1.0.0'), { 'remoteEntry.js': 'var a=1;\n//# sourceMappingURL=remoteEntry.js.map' });
    expect(() => copyBuildInto({ builtDir: built, outputPath: join(dir, 'out'), mapsDir: join(dir, 'maps') })).toThrow(
      /references a source map/,
    );
    expect(existsSync(join(dir, 'out'))).toBe(false);
    expect(existsSync(join(dir, 'maps'))).toBe(false);
  });
});

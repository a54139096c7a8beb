import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError } from './lib/cli.mjs';
import { setSourceMapsAside, sourceMapsDirFor } from './deploy.mjs';

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

  it('go beside the deploy folder, never in it', () => {
    expect(sourceMapsDirFor('/srv/.deploy')).toBe('/srv/.deploy-sourcemaps');
    expect(sourceMapsDirFor('/srv/cdn/')).toBe('/srv/cdn-sourcemaps');
  });

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

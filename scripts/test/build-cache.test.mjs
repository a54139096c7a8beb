import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedBuild, sourcesHash } from './build-cache.mjs';

describe('a build kept by the hash of its sources', () => {
  let root;
  let cacheDir;
  const write = (file, text) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'devhub-build-cache-'));
    cacheDir = join(root, 'cache');
    spawnSync('git', ['init', '-q'], { cwd: root });
    write('.gitignore', 'cache/\nignored.txt\n');
    write('app/src/index.ts', 'export const a = 1;');
    write('docs/notes.md', 'notes');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const hashOf = (recipe) => sourcesHash({ root, recipe, ignored: (file) => file.startsWith('docs/') });
  /** Makes the build through the cache, counting how often it is really made. */
  let made = 0;
  const build = (recipe = 'build app') =>
    cachedBuild({
      cacheDir,
      name: 'app-variant',
      hash: hashOf(recipe),
      make: (dir) => {
        made += 1;
        writeFileSync(join(dir, 'out.js'), readFileSync(join(root, 'app/src/index.ts')));
        return { made };
      },
    });
  beforeEach(() => {
    made = 0;
  });

  it('is made once, then used again while its sources and its recipe are unchanged', async () => {
    const first = await build();
    expect(first.built).toBe(true);
    expect(readFileSync(join(first.dir, 'out.js'), 'utf8')).toBe('export const a = 1;');
    const again = await build();
    expect(again).toEqual({ dir: first.dir, meta: { made: 1 }, built: false });
    expect(made).toBe(1);
  });

  it('is made again for a changed or a new source file, or another recipe, and the older one removed', async () => {
    const first = await build();
    write('app/src/index.ts', 'export const a = 2;');
    const changed = await build();
    expect(changed.built).toBe(true);
    expect(readFileSync(join(changed.dir, 'out.js'), 'utf8')).toBe('export const a = 2;');
    expect(existsSync(first.dir)).toBe(false);

    write('app/src/new-file.ts', 'export {};');
    expect((await build()).built).toBe(true);
    expect((await build('build app with a change')).built).toBe(true);
    expect(made).toBe(4);
    expect(readdirSync(cacheDir)).toHaveLength(1);
  });

  it('is not made again for what cannot change the build: ignored files, and files the caller rules out', async () => {
    await build();
    write('ignored.txt', 'anything');
    write('docs/notes.md', 'other notes');
    expect((await build()).built).toBe(false);
    expect(made).toBe(1);
  });

  it('keeps nothing of a making that failed, and makes it the next time', async () => {
    const failing = cachedBuild({
      cacheDir,
      name: 'app-variant',
      hash: hashOf('build app'),
      make: () => {
        throw new Error('the build failed');
      },
    });
    await expect(failing).rejects.toThrow('the build failed');
    expect(readdirSync(cacheDir)).toEqual([]);
    expect((await build()).built).toBe(true);
  });

  it('keeps one folder when two processes make the same build at once', async () => {
    const [one, two] = await Promise.all([build(), build()]);
    expect(one.dir).toBe(two.dir);
    expect(readdirSync(cacheDir)).toEqual([one.dir.split('/').pop()]);
  });
});

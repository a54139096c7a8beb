import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './cli.mjs';
import { useAzurite } from '../test/azurite-test-server.mjs';
import { sealVersion, sri } from './integrity.mjs';
import { publishVersion } from './publish-version.mjs';
import { openStorage } from './storage.mjs';

/** A built, sealed version folder, as deploy has it before publishing. */
function builtVersion(dir, version, { entry = '/* entry */', publishedAt = '2026-01-01T00:00:00.000Z' } = {}) {
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  writeFileSync(join(dir, 'remoteEntry.js'), entry);
  writeFileSync(join(dir, 'static/js/page.0123abcd.js'), '/* page */');
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: version, buildHash: `h-${entry.length}`, publishedAt } } }),
  );
  sealVersion(dir);
  return { remote: 'catalog', pkg: 'remote-catalog', version, dir, buildHash: `h-${entry.length}`, publishedAt };
}

describe('publishing a version to a store', () => {
  let dir;
  useAzurite('deploys');
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'devhub-publish-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  let run = 0;
  const stores = [
    ['a folder', () => openStorage(join(dir, 'store'))],
    ['Azure Blob Storage', () => openStorage(`azblob://deploys/run-${(run += 1)}`)],
  ];

  /** Every key of the store and its bytes. */
  const contents = async (storage) =>
    Object.fromEntries(
      await Promise.all(
        (await storage.list()).map(async (key) => [key, (await storage.read(key)).bytes.toString('utf8')]),
      ),
    );

  describe.each(stores)('in %s', (_, open) => {
    it('writes every file and lists the version in the index with its digest', async () => {
      const storage = open();
      const entry = await publishVersion(storage, builtVersion(join(dir, 'a'), '1.0.0'));
      expect(await storage.list()).toEqual([
        'remote-catalog/1.0.0/mf-manifest.json',
        'remote-catalog/1.0.0/remoteEntry.js',
        'remote-catalog/1.0.0/static/js/page.0123abcd.js',
        'remote-catalog/versions.json',
      ]);
      const index = JSON.parse((await storage.read('remote-catalog/versions.json')).bytes.toString('utf8'));
      expect(index.versions).toEqual([entry]);
      expect(entry.integrity).toBe(sri(readFileSync(join(dir, 'a/mf-manifest.json'))));
    });

    it('refuses a second publish of the version with other bytes at its manifest, the stored bytes unchanged', async () => {
      const storage = open();
      await publishVersion(storage, builtVersion(join(dir, 'a'), '1.0.0'));
      const before = await contents(storage);
      await expect(
        publishVersion(storage, builtVersion(join(dir, 'b'), '1.0.0', { entry: '/* other */' })),
      ).rejects.toThrow(
        /^remote-catalog@1\.0\.0 is already published at \S+remote-catalog\/1\.0\.0\/mf-manifest\.json with other bytes; published versions are immutable: bump the version in package\.json$/,
      );
      expect(await contents(storage)).toEqual(before);
    });

    it('completes a half-published version when its files are the same bytes, and only then', async () => {
      const storage = open();
      const first = builtVersion(join(dir, 'a'), '1.0.0');
      // A deploy that died after its first file: the same build retried later (another publish date).
      await storage.createIfAbsent('remote-catalog/1.0.0/remoteEntry.js', readFileSync(join(dir, 'a/remoteEntry.js')));
      await storage.createIfAbsent(
        'remote-catalog/1.0.0/mf-manifest.json',
        readFileSync(join(dir, 'a/mf-manifest.json')),
      );
      const retry = builtVersion(join(dir, 'b'), '1.0.0', { publishedAt: '2026-02-02T00:00:00.000Z' });
      const entry = await publishVersion(storage, retry);
      expect(entry).toMatchObject({ version: '1.0.0', publishedAt: first.publishedAt });
      expect((await storage.read('remote-catalog/1.0.0/mf-manifest.json')).bytes).toEqual(
        readFileSync(join(dir, 'a/mf-manifest.json')),
      );
      expect(await storage.list('remote-catalog/')).toHaveLength(4);

      await storage.createIfAbsent('remote-catalog/2.0.0/remoteEntry.js', '/* what another build wrote */');
      const before = await contents(storage);
      await expect(publishVersion(storage, builtVersion(join(dir, 'c'), '2.0.0'))).rejects.toThrow('with other bytes');
      expect(await contents(storage)).toEqual(before);
    });

    it.each([
      [
        'points the same files elsewhere',
        (manifest) => ({ ...manifest, metaData: { ...manifest.metaData, publicPath: 'https://evil.example/' } }),
      ],
      ['exposes another page', (manifest) => ({ ...manifest, exposes: [{ name: 'EvilPage', path: './EvilPage' }] })],
      [
        'lists other routes',
        (manifest) => ({ ...manifest, routes: [{ expose: 'EvilPage', routes: [{ path: '/signin' }] }] }),
      ],
    ])(
      'refuses a half-published manifest with the same digests that %s, in one line, the store unchanged',
      async (_, tamper) => {
        const storage = open();
        builtVersion(join(dir, 'a'), '1.0.0');
        const planted = tamper(JSON.parse(readFileSync(join(dir, 'a/mf-manifest.json'), 'utf8')));
        await storage.createIfAbsent('remote-catalog/1.0.0/mf-manifest.json', JSON.stringify(planted));
        const before = await contents(storage);
        const retry = builtVersion(join(dir, 'b'), '1.0.0', { publishedAt: '2026-02-02T00:00:00.000Z' });
        const error = await publishVersion(storage, retry).catch((caught) => caught);
        expect(error).toBeInstanceOf(CliError);
        expect(error.message).toMatch(
          /^remote-catalog@1\.0\.0 is already published at \S+remote-catalog\/1\.0\.0\/mf-manifest\.json with other bytes; published versions are immutable: bump the version in package\.json$/,
        );
        expect(await contents(storage)).toEqual(before);
      },
    );
  });
});

import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkManifestDigest, checkVersionFiles, listedFiles, sealVersion, sri } from './integrity.mjs';

describe('version integrity', () => {
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'integrity-'));
    writeFileSync(
      join(dir, 'mf-manifest.json'),
      JSON.stringify({
        metaData: {
          remoteEntry: { name: 'remoteEntry.js', path: '' },
          ssrRemoteEntry: { name: 'server.remoteEntry.cjs', path: '' },
        },
      }),
    );
    writeFileSync(join(dir, 'remoteEntry.js'), 'entry();');
    writeFileSync(join(dir, 'server.remoteEntry.cjs'), 'module.exports = {};');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'page.css'), 'a{}');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const manifest = () => JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8'));
  const location = () => join(dir, 'mf-manifest.json');

  it('records every file and returns the digest of the manifest as written', () => {
    const digest = sealVersion(dir);
    expect(digest).toBe(sri(readFileSync(location())));
    expect(digest).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(Object.keys(manifest().metaData.integrity)).toEqual([
      'assets/page.css',
      'remoteEntry.js',
      'server.remoteEntry.cjs',
    ]);
    expect(manifest().metaData.integrity['remoteEntry.js']).toBe(sri('entry();'));
  });

  it('accepts the bytes it sealed and names a file changed since, with both digests', async () => {
    sealVersion(dir);
    await expect(checkVersionFiles(manifest(), location())).resolves.toEqual([]);
    appendFileSync(join(dir, 'assets', 'page.css'), '\nbody{display:none}');
    const problems = await checkVersionFiles(manifest(), location());
    expect(problems).toEqual([
      `assets/page.css does not match its digest (manifest ${sri('a{}')}, file ${sri('a{}\nbody{display:none}')})`,
    ]);
  });

  it('checks only the Node build when asked for the server files', async () => {
    sealVersion(dir);
    appendFileSync(join(dir, 'remoteEntry.js'), '\nevil();');
    await expect(checkVersionFiles(manifest(), location(), { files: 'server' })).resolves.toEqual([]);
    appendFileSync(join(dir, 'server.remoteEntry.cjs'), '\nevil();');
    await expect(checkVersionFiles(manifest(), location(), { files: 'server' })).resolves.toEqual([
      expect.stringMatching(/^server\.remoteEntry\.cjs does not match its digest/),
    ]);
  });

  it('refuses a manifest without digests, a listed path leading out of the folder and a missing file', async () => {
    await expect(checkVersionFiles(manifest(), location())).resolves.toEqual([
      expect.stringMatching(/lists no file digests/),
    ]);
    sealVersion(dir);
    const edited = manifest();
    edited.metaData.integrity['../outside.js'] = sri('x');
    delete edited.metaData.integrity['remoteEntry.js'];
    rmSync(join(dir, 'server.remoteEntry.cjs'));
    expect(await checkVersionFiles(edited, location())).toEqual([
      `remoteEntry.js has no digest in ${location()}`,
      expect.stringMatching(/^server\.remoteEntry\.cjs is missing/),
      `${location()} lists "../outside.js" with no valid digest`,
    ]);
  });

  it('lists the server files a manifest gives digests for, and what it lists wrong', () => {
    sealVersion(dir);
    const edited = manifest();
    edited.metaData.integrity['../outside.cjs'] = sri('x');
    expect(listedFiles(edited, 'catalog', { files: 'server' })).toEqual({
      listed: [{ name: 'server.remoteEntry.cjs', expected: sri('module.exports = {};') }],
      problems: ['catalog lists "../outside.cjs" with no valid digest'],
    });
    delete edited.metaData.integrity['server.remoteEntry.cjs'];
    expect(listedFiles(edited, 'catalog', { files: 'server' }).problems[0]).toBe(
      'server.remoteEntry.cjs has no digest in catalog',
    );
  });

  it('reads the files over HTTP when the manifest came from a URL', async () => {
    sealVersion(dir);
    const server = createServer((request, response) => {
      const body = request.url === '/v/remoteEntry.js' ? 'tampered();' : 'a{}';
      response.end(request.url === '/v/server.remoteEntry.cjs' ? 'module.exports = {};' : body);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${server.address().port}/v/mf-manifest.json`;
      expect(await checkVersionFiles(manifest(), url)).toEqual([
        expect.stringMatching(/^remoteEntry\.js does not match its digest/),
      ]);
    } finally {
      server.close();
    }
  });

  it('refuses a manifest whose bytes are not the pinned ones, or that has no pin', () => {
    const digest = sealVersion(dir);
    const bytes = readFileSync(location());
    expect(checkManifestDigest(bytes, digest, 'm')).toBe(digest);
    expect(() => checkManifestDigest(Buffer.concat([bytes, Buffer.from(' ')]), digest, 'm')).toThrow(
      /^m is not the manifest that was pinned \(pinned sha384-/,
    );
    expect(() => checkManifestDigest(bytes, undefined, 'm')).toThrow(/has no pinned digest/);
  });
});

import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sealVersion, sri } from './integrity.mjs';
import { countingServer, publish } from '../test/prerender-fixtures.mjs';
import { createVersionMirror, mirrorManifest, mirrorServerFiles, mustVerify } from './version-mirror.mjs';

describe('the private copy of what a prerender runs', () => {
  let source;
  /** @type {ReturnType<typeof createVersionMirror>} */
  let mirror;
  beforeEach(() => {
    source = mkdtempSync(join(tmpdir(), 'devhub-mirror-test-'));
    mirror = createVersionMirror();
  });
  afterEach(() => {
    mirror.remove();
    rmSync(source, { recursive: true, force: true });
  });
  const sources = () => ({ mounts: { '/deploy/': source } });

  it('is a folder of its own under the system temporary folder, that only this user can open, removed after', () => {
    expect(dirname(mirror.dir)).toBe(realpathSync(tmpdir()));
    expect(statSync(mirror.dir).mode & 0o777).toBe(0o700);
    mirror.remove();
    expect(existsSync(mirror.dir)).toBe(false);
  });

  it('verifies every pin outside the local environment, and in it a published version', () => {
    expect(mustVerify({ entry: '//localhost:3001/mf-manifest.json' }, 'local')).toBe(false);
    expect(mustVerify({ entry: '/deploy/x/1.0.0/mf-manifest.json', version: '1.0.0' }, 'local')).toBe(true);
    expect(mustVerify({ entry: '//localhost:3001/mf-manifest.json' }, 'staging')).toBe(true);
  });

  it('refuses a pin without its digest outside the local environment before reading anything of it', async () => {
    const server = await countingServer(() => ({ status: 404 }));
    try {
      const pin = { entry: `${server.url}/remote-catalog/1.0.0/mf-manifest.json` };
      await expect(mirrorManifest(mirror.dir, 'catalog', pin, { environment: 'production' })).rejects.toThrow(
        `${pin.entry} has no pinned digest (integrity): nothing unverified runs outside the local environment; pin it again with "remotes use"`,
      );
      expect(server.counts.size).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('copies a verified version read-only, hashed in the copy, and runs its entry from there', async () => {
    const version = join(source, 'remote-catalog', '1.0.0');
    publish(version, 'catalog');
    const integrity = sealVersion(version);
    const pin = { entry: '/deploy/remote-catalog/1.0.0/mf-manifest.json', integrity };
    const { manifest, location, verify } = await mirrorManifest(mirror.dir, 'catalog', pin, {
      environment: 'production',
      ...sources(),
    });
    expect(verify).toBe(true);
    const copy = join(mirror.dir, 'catalog', 'mf-manifest.json');
    expect(sri(readFileSync(copy))).toBe(integrity);
    const entry = await mirrorServerFiles(mirror.dir, 'catalog', manifest, location, {
      verify,
      entry: 'server.remoteEntry.cjs',
    });
    expect(entry).toBe(join(mirror.dir, 'catalog', 'server.remoteEntry.cjs'));
    expect(readFileSync(entry, 'utf8')).toBe(readFileSync(join(version, 'server.remoteEntry.cjs'), 'utf8'));
    expect(statSync(entry).mode & 0o777).toBe(0o400);
  });

  it('writes nothing outside the folder of the remote it copies', async () => {
    const version = join(source, 'remote-catalog', '1.0.0');
    publish(version, 'catalog');
    const pin = { entry: '/deploy/remote-catalog/1.0.0/mf-manifest.json' };
    await expect(mirrorManifest(mirror.dir, '..', pin, { environment: 'local', ...sources() })).rejects.toThrow(
      '..: "mf-manifest.json" leads out of its folder',
    );
    const { manifest, location } = await mirrorManifest(mirror.dir, 'catalog', pin, {
      environment: 'local',
      ...sources(),
    });
    await expect(
      mirrorServerFiles(mirror.dir, 'catalog', manifest, location, { verify: false, entry: '../../server.cjs' }),
    ).rejects.toThrow('its server entry ../../server.cjs is not among its server files');
    expect(existsSync(join(dirname(mirror.dir), 'server.cjs'))).toBe(false);
  });
});

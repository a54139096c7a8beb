import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './apps.mjs';
import { useAzurite } from '../test/azurite-test-server.mjs';
import {
  CliError,
  readRegistry,
  readRegistryAt,
  registryPath,
  updateRegistry,
  versionEntry,
  writeRegistry,
} from './registry-file.mjs';
import { openStorageOf } from './storage.mjs';

const REGISTRY_FILE_URL = pathToFileURL(join(ROOT, 'scripts/lib/registry-file.mjs')).href;

/**
 * Calls writeRegistry(file, registry) in a child Node whose process is killed (SIGKILL: no
 * cleanup, like a power cut) at `crashAt`: 'write', half-way through writing any file, or
 * 'rename', when the written file is about to be renamed.
 */
function writeAndCrash(file, registry, crashAt) {
  const driver = `
    import fs from 'node:fs';
    import { syncBuiltinESMExports } from 'node:module';
    const crash = () => process.kill(process.pid, 'SIGKILL');
    const { writeFileSync } = fs;
    if (${JSON.stringify(crashAt)} === 'write') {
      fs.writeFileSync = (path, data, ...rest) => {
        writeFileSync(path, String(data).slice(0, Math.floor(String(data).length / 2)), ...rest);
        crash();
      };
    } else {
      fs.renameSync = crash;
    }
    syncBuiltinESMExports();
    const { writeRegistry } = await import(${JSON.stringify(REGISTRY_FILE_URL)});
    writeRegistry(${JSON.stringify(file)}, ${JSON.stringify(registry)});
  `;
  return spawnSync(process.execPath, ['--input-type=module', '-e', driver], { encoding: 'utf8' });
}

const remotes = {
  catalog: { entry: '/deploy/remote-catalog/1.0.0/mf-manifest.json', version: '1.0.0' },
  auth: { entry: 'http://localhost:3002/mf-manifest.json' },
  account: { entry: 'http://localhost:3003/mf-manifest.json' },
};

describe('registry files', () => {
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'registry-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name, text) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('names one file per environment', () => {
    expect(() => registryPath(undefined, dir)).toThrow('the local environment has no registry file');
    expect(() => registryPath('local', dir)).toThrow('the local environment has no registry file');
    expect(registryPath('staging', dir)).toBe(join(dir, 'remotes.staging.json'));
    expect(() => registryPath('../etc', dir)).toThrow('invalid environment name "../etc"');
  });

  it('reads a valid registry', () => {
    const file = write('remotes.json', JSON.stringify({ remotes }));
    expect(readRegistry(file).remotes.catalog.version).toBe('1.0.0');
  });

  it.each([
    [{ ...remotes, 'Billing/x': { entry: 'x' } }, ['catalog', 'auth', 'account']],
    [{ ...remotes, auth: [] }, ['catalog', 'account']],
    [{ ...remotes, auth: { entry: '' } }, ['catalog', 'account']],
    [{ ...remotes, auth: { entry: 'x', previousVersions: [1] } }, ['catalog', 'account']],
  ])('reads %j with only the pins that run: one broken pin stops no other remote', (pins, running) => {
    const file = write('remotes.json', JSON.stringify({ remotes: pins }));
    expect(Object.keys(readRegistry(file).remotes)).toEqual(running);
  });

  it.each([
    ['{ "remotes": ', /is not valid JSON/],
    ['[]', /must contain a JSON object/],
    ['{}', /"remotes" must be an object/],
    [JSON.stringify({ remotes, allowedOverrideOrigins: 'x' }), /"allowedOverrideOrigins" must be a list/],
  ])('refuses %s with a clear error naming the file', (text, message) => {
    const file = write('remotes.json', text);
    expect(() => readRegistry(file)).toThrow(CliError);
    expect(() => readRegistry(file)).toThrow(message);
    expect(() => readRegistry(file)).toThrow(file);
  });

  it('reports a missing file', () => {
    expect(() => readRegistry(join(dir, 'nope.json'))).toThrow(/nope.json does not exist/);
  });

  it('writes the whole registry and leaves no temp file behind', () => {
    const file = join(dir, 'remotes.json');
    writeRegistry(file, { remotes });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ remotes });
    expect(readdirSync(dir)).toEqual(['remotes.json']);
  });

  describe('a crash while writing leaves the previous registry whole', () => {
    const previous = `${JSON.stringify({ remotes }, null, 2)}\n`;
    const next = { remotes: { ...remotes, catalog: { entry: '/deploy/remote-catalog/1.1.0/mf-manifest.json' } } };

    /** Files a reader of the registry's folder could pick up: everything but dot-files. */
    const visible = () => readdirSync(dir).filter((name) => !name.startsWith('.'));

    it.each([
      ['half-way through writing', 'write'],
      ['between writing and renaming', 'rename'],
    ])('%s', (_when, crashAt) => {
      const file = write('remotes.json', previous);
      const child = writeAndCrash(file, next, crashAt);
      expect(child.stderr).toBe('');
      expect(child.signal).toBe('SIGKILL'); // the crash did happen, at that step
      expect(readFileSync(file, 'utf8')).toBe(previous);
      expect(visible()).toEqual(['remotes.json']);
    });
  });

  it('derives a version entry from the deploy base URL', () => {
    expect(versionEntry({ remotes }, 'catalog', '1.2.0')).toBe('/deploy/remote-catalog/1.2.0/mf-manifest.json');
    expect(versionEntry({ remotes, deployBaseUrl: 'https://cdn.example/mf' }, 'auth', '2.0.0')).toBe(
      'https://cdn.example/mf/remote-auth/2.0.0/mf-manifest.json',
    );
  });
});

describe('a compare-and-swap on a registry that never settles', () => {
  let dir;
  useAzurite('registries');
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'registry-cas-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['in a folder', () => join(dir, 'remotes.preview.json')],
    ['on Azure Blob Storage', () => 'azblob://registries/never-settles/remotes.preview.json'],
  ])('%s gives up after its attempts with one line, nothing of its own written', async (_, address) => {
    const { storage, key } = openStorageOf(address());
    await storage.createIfAbsent(key, JSON.stringify({ remotes }));
    let writes = 0;
    const outcome = updateRegistry(
      address(),
      async (registry) => {
        // Another machine pins between every read and write of this command.
        writes += 1;
        const { etag } = await readRegistryAt(address());
        const theirs = { remotes: { ...remotes, auth: { entry: `http://localhost:3002/${writes}/mf-manifest.json` } } };
        await storage.replaceIfUnchanged(key, JSON.stringify(theirs), etag);
        return {
          registry: {
            ...registry,
            remotes: { ...registry.remotes, catalog: { entry: 'http://mine/mf-manifest.json' } },
          },
          result: 'mine',
        };
      },
      { pauseMs: () => 0 },
    );
    await expect(outcome).rejects.toThrow(
      new CliError(
        `${storage.describe(key)} kept changing while this command wrote it (8 attempts): nothing written, run it again`,
      ),
    );
    const { registry } = await readRegistryAt(address());
    expect(registry.remotes.auth.entry).toBe(`http://localhost:3002/${writes}/mf-manifest.json`);
    expect(registry.remotes.catalog).toEqual(remotes.catalog);
    expect(writes).toBe(8);
  });
});

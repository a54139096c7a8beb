import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useAzurite } from './lib/azurite-test-server.mjs';
import { registryPath } from './lib/registry-file.mjs';
import { blobUrlOf, openStorage } from './lib/storage.mjs';
import { WORKSPACE_ROOT } from './lib/workspace.mjs';

const azurite = useAzurite('unused');

/** `npm run remotes -- <args>` against the test's Azurite. */
const remotes = (...args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(WORKSPACE_ROOT, 'scripts/remotes.mjs'), ...args], {
      // Jest gives the test its own process.env: passed on as the command's environment.
      env: { ...process.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });

describe('remotes init-storage', () => {
  it('makes a container whose blobs browsers read, never its listing, and a registry pinned at its URL; again: nothing changes', async () => {
    const first = await remotes('init-storage', 'azblob://teams/preview', '--env', 'preview');
    expect(first.code).toBe(0);
    const again = await remotes('init-storage', 'azblob://teams/preview', '--env', 'preview');
    expect([again.code, again.output]).toEqual([0, expect.stringContaining('already there, left as it is')]);

    const stored = await openStorage('azblob://teams/preview').read('remotes.preview.json');
    const source = JSON.parse(readFileSync(registryPath('preview'), 'utf8'));
    expect(JSON.parse(stored.bytes.toString('utf8'))).toEqual({
      ...source,
      deployBaseUrl: `${azurite.current.endpoint}/teams/preview/`,
    });
    const container = await blobUrlOf('azblob://teams');
    expect((await fetch(`${container}/preview/remotes.preview.json`)).status).toBe(200);
    expect((await fetch(`${container}?restype=container&comp=list`)).ok).toBe(false);
  });

  it('takes the listing away from a container made listable elsewhere', async () => {
    const { BlobServiceClient } = await import('@azure/storage-blob');
    const service = BlobServiceClient.fromConnectionString(azurite.current.connectionString);
    await service.getContainerClient('listable').create({ access: 'container' });
    const container = await blobUrlOf('azblob://listable');
    expect((await fetch(`${container}?restype=container&comp=list`)).ok).toBe(true);
    expect((await remotes('init-storage', 'azblob://listable')).code).toBe(0);
    expect((await fetch(`${container}?restype=container&comp=list`)).ok).toBe(false);
  });
});

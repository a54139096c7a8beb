import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { connectionStringFor, useAzurite } from '../test/azurite-test-server.mjs';
import { freePort } from '../test/free-port.mjs';
import { CONNECTION_STRING_VARIABLE } from './blob-service.mjs';
import { blobUrlOf, initBlobStorage } from './storage-blob.mjs';
import { openStorage, openStorageOf } from './storage.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let folder;
const emulator = useAzurite('contract', ['http://localhost:3000']);
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'storage-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

let run = 0;
const places = [
  ['a folder', () => openStorage(folder)],
  // A prefix of its own per test: the emulator keeps the container for the whole file.
  ['Azure Blob Storage (Azurite)', () => openStorage(`azblob://contract/run-${(run += 1)}`)],
];

describe.each(places)('storage in %s', (_, open) => {
  it('reads back what it created, with a tag; a missing key reads as undefined', async () => {
    const storage = open();
    await expect(storage.read('remote-catalog/versions.json')).resolves.toBeUndefined();
    await expect(storage.createIfAbsent('remote-catalog/versions.json', '{"versions":[]}')).resolves.toBe(true);
    const read = await storage.read('remote-catalog/versions.json');
    expect(read.bytes.toString()).toBe('{"versions":[]}');
    expect(read.etag).toEqual(expect.any(String));
  });

  it('create-if-absent refuses a key that exists and leaves its bytes as they were', async () => {
    const storage = open();
    await storage.createIfAbsent('remote-catalog/1.0.0/remoteEntry.js', 'first');
    await expect(storage.createIfAbsent('remote-catalog/1.0.0/remoteEntry.js', 'second')).resolves.toBe(false);
    expect((await storage.read('remote-catalog/1.0.0/remoteEntry.js')).bytes.toString()).toBe('first');
  });

  it('replace-if-unchanged writes with the current tag and refuses a stale one', async () => {
    const storage = open();
    await storage.createIfAbsent('remotes.preview.json', '{"v":1}');
    const first = await storage.read('remotes.preview.json');
    await expect(storage.replaceIfUnchanged('remotes.preview.json', '{"v":2}', first.etag)).resolves.toBe(true);
    const second = await storage.read('remotes.preview.json');
    expect(second.etag).not.toBe(first.etag);
    await expect(storage.replaceIfUnchanged('remotes.preview.json', '{"v":3}', first.etag)).resolves.toBe(false);
    expect((await storage.read('remotes.preview.json')).bytes.toString()).toBe('{"v":2}');
    await expect(storage.replaceIfUnchanged('remotes.other.json', '{"v":1}', first.etag)).resolves.toBe(false);
    await expect(storage.read('remotes.other.json')).resolves.toBeUndefined();
  });

  it('lists every key under a prefix, sorted', async () => {
    const storage = open();
    for (const key of ['b/2.0.0/x.js', 'a/1.0.0/y.js', 'a/1.0.0/mf-manifest.json', 'a/versions.json']) {
      await storage.createIfAbsent(key, key);
    }
    await expect(storage.list('a/')).resolves.toEqual(['a/1.0.0/mf-manifest.json', 'a/1.0.0/y.js', 'a/versions.json']);
    await expect(storage.list()).resolves.toEqual([
      'a/1.0.0/mf-manifest.json',
      'a/1.0.0/y.js',
      'a/versions.json',
      'b/2.0.0/x.js',
    ]);
    await expect(storage.list('c/')).resolves.toEqual([]);
  });

  it('refuses a key that would lead out of its place', async () => {
    const storage = open();
    for (const key of ['../x.json', 'a/../../x.json', '/etc/passwd', 'a//b', 'a\\..\\b']) {
      await expect(storage.createIfAbsent(key, 'x')).rejects.toThrow('is not a storage key');
    }
  });
});

describe('Azure Blob Storage', () => {
  it('stores each blob with its content type and cache policy: a version immutable, manifests, indexes and registries revalidated', async () => {
    const storage = openStorage('azblob://contract/headers');
    const expected = {
      'remote-catalog/1.0.0/static/js/main.0123abcd.js': ['text/javascript; charset=utf-8', IMMUTABLE],
      'remote-catalog/1.0.0/remoteEntry.js': ['text/javascript; charset=utf-8', IMMUTABLE],
      'remote-catalog/1.0.0/static/css/page.0123abcd.css': ['text/css; charset=utf-8', IMMUTABLE],
      'remote-catalog/1.0.0/mf-manifest.json': ['application/json; charset=utf-8', 'no-cache'],
      'remote-catalog/versions.json': ['application/json; charset=utf-8', 'no-cache'],
      'remotes.preview.json': ['application/json; charset=utf-8', 'no-cache'],
    };
    for (const key of Object.keys(expected)) await storage.createIfAbsent(key, 'x');
    for (const [key, [type, cache]] of Object.entries(expected)) {
      const response = await fetch(`${emulator.current.endpoint}/contract/headers/${key}`);
      expect([
        key,
        response.status,
        response.headers.get('content-type'),
        response.headers.get('cache-control'),
      ]).toEqual([key, 200, type, cache]);
    }
  });

  it("stores a build's brotli and gzip copies as their file, encoded: its content type, Content-Encoding, the bytes as written", async () => {
    const storage = openStorage('azblob://contract/encoded');
    const script = Buffer.from(`export const page = ${JSON.stringify('trang chủ '.repeat(200))};\n`);
    const copies = {
      'remote-catalog/1.0.0/static/js/page.0123abcd.js.br': [brotliCompressSync(script), 'br'],
      'remote-catalog/1.0.0/static/js/page.0123abcd.js.gz': [gzipSync(script), 'gzip'],
    };
    for (const [key, [bytes]] of Object.entries(copies)) await storage.createIfAbsent(key, bytes);
    for (const [key, [bytes, encoding]] of Object.entries(copies)) {
      // What a deploy's retry and the checks compare: the stored bytes, never decoded on the way.
      expect((await storage.read(key)).bytes.equals(bytes)).toBe(true);
      const raw = await new Promise((resolve, reject) => {
        // node:http, not fetch: fetch would decode the body and hide what was sent.
        httpGet(`${emulator.current.endpoint}/contract/encoded/${key}`, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
      expect([key, raw.headers['content-type'], raw.headers['content-encoding'], raw.headers['cache-control']]).toEqual(
        [key, 'text/javascript; charset=utf-8', encoding, IMMUTABLE],
      );
      const decoded = encoding === 'br' ? brotliDecompressSync(raw.body) : gunzipSync(raw.body);
      expect(decoded.equals(script)).toBe(true);
    }
  });

  it('names a registry blob by its URL: the storage of its folder and its name', async () => {
    const { storage, key } = openStorageOf('azblob://contract/team-a/remotes.preview.json');
    expect(key).toBe('remotes.preview.json');
    expect(storage.describe(key)).toBe('azblob://contract/team-a/remotes.preview.json');
  });

  it('refuses an address that names no container', () => {
    expect(() => openStorage('azblob://A_B/x')).toThrow('give azblob://<container>/<prefix>');
  });
});

describe('a folder', () => {
  it('writes a replaced file whole, and leaves no lock or temporary file behind', async () => {
    const storage = openStorage(folder);
    await storage.createIfAbsent('remotes.json', '{"v":1}');
    const { etag } = await storage.read('remotes.json');
    await storage.replaceIfUnchanged('remotes.json', '{"v":2}', etag);
    expect(readFileSync(join(folder, 'remotes.json'), 'utf8')).toBe('{"v":2}');
    await expect(openStorage(folder).list()).resolves.toEqual(['remotes.json']);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(folder)).toEqual(['remotes.json']);
  });
});

describe('an unusable store: one line each, never the credential', () => {
  const read = () => openStorage('azblob://contract/x').read('a.json');

  /** @param {string | undefined} value */
  const withConnectionString = async (value, check) => {
    if (value === undefined) delete process.env[CONNECTION_STRING_VARIABLE];
    else process.env[CONNECTION_STRING_VARIABLE] = value;
    try {
      await check();
    } finally {
      process.env[CONNECTION_STRING_VARIABLE] = emulator.current.connectionString;
    }
  };

  it('is unreachable when nothing listens', async () => {
    const port = await freePort();
    await withConnectionString(connectionStringFor(port), () =>
      expect(read()).rejects.toThrow(
        `the blob storage at http://127.0.0.1:${port}/devstoreaccount1 is unreachable (ECONNREFUSED): is it running, and is ${CONNECTION_STRING_VARIABLE} right?`,
      ),
    );
  });

  it('never prints a shared access signature from the connection string', async () => {
    const port = await freePort();
    const sas = 'sv=2022-11-02&ss=b&srt=sco&sp=rwdlac&se=2099-01-01T00:00:00Z&sig=c2VjcmV0LXNpZ25hdHVyZQ%3D%3D';
    await withConnectionString(
      `BlobEndpoint=http://127.0.0.1:${port}/devstoreaccount1;SharedAccessSignature=${sas}`,
      async () => {
        const error = await read().catch((caught) => caught);
        expect(error.message).toBe(
          `the blob storage at http://127.0.0.1:${port}/devstoreaccount1 is unreachable (ECONNREFUSED): is it running, and is ${CONNECTION_STRING_VARIABLE} right?`,
        );
        const missing = await openStorage('azblob://nowhere/x')
          .read('a.json')
          .catch((caught) => caught);
        expect(missing.message).not.toContain('sig=');
        await expect(blobUrlOf('azblob://contract/x/remotes.json')).resolves.toBe(
          `http://127.0.0.1:${port}/devstoreaccount1/contract/x/remotes.json`,
        );
      },
    );
  });

  it('refuses credentials the account does not know', async () => {
    const wrongKey = Buffer.from('not the key of this account').toString('base64');
    await withConnectionString(connectionStringFor(emulator.current.port, { key: wrongKey }), async () => {
      // A write: the container is public for reading, as a CDN's origin is.
      const error = await openStorage('azblob://contract/x')
        .createIfAbsent('a.json', 'x')
        .catch((caught) => caught);
      expect(error.message).toMatch(
        /^the blob storage at \S+ refused the credentials \(HTTP 403 \w+\): check AZURE_STORAGE_CONNECTION_STRING$/,
      );
      expect(error.message).not.toContain(wrongKey);
    });
  });

  it('says which variable is missing or malformed, without its value', async () => {
    await withConnectionString(undefined, () =>
      expect(read()).rejects.toThrow(`${CONNECTION_STRING_VARIABLE} is not set`),
    );
    await withConnectionString('AccountKey=secret-value;nonsense', async () => {
      const error = await read().catch((caught) => caught);
      expect(error.message).toBe(
        `${CONNECTION_STRING_VARIABLE} is not a valid connection string (its value is not shown)`,
      );
    });
  });

  it('names a missing container and how to create it', async () => {
    await expect(openStorage('azblob://nowhere/x').read('a.json')).rejects.toThrow(
      `the container "nowhere" does not exist at ${emulator.current.endpoint}: create it with "npm run remotes -- init-storage azblob://nowhere"`,
    );
    await expect(openStorage('azblob://nowhere/x').createIfAbsent('a.json', 'x')).rejects.toThrow(
      'the container "nowhere" does not exist',
    );
  });

  /**
   * A service on a free port that takes every request and answers it with `answer`, which may send
   * nothing, or the headers and part of a body, and stop there. Its connections are cut when
   * `check` is done.
   *
   * @param {(response: import('node:http').ServerResponse) => void} answer
   * @param {(port: number) => Promise<void>} check
   */
  const stalled = async (answer, check) => {
    const sockets = new Set();
    const server = createHttpServer((_, response) => answer(response));
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    try {
      await withConnectionString(connectionStringFor(port), () => check(port));
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  };
  const limit = { callTimeoutMs: 300 };
  const didNotAnswer = (/** @type {number} */ port, /** @type {string} */ where) =>
    `${where}: the blob storage at http://127.0.0.1:${port}/devstoreaccount1 did not answer within 0.3 s; run the command again once it does`;

  it('says so when the service stops answering, for a read, a write, a listing and init-storage', async () => {
    await stalled(
      () => undefined,
      async (port) => {
        const storage = openStorage('azblob://contract/x', limit);
        await expect(storage.read('a.json')).rejects.toThrow(didNotAnswer(port, 'azblob://contract/x/a.json'));
        await expect(storage.createIfAbsent('a.json', 'x')).rejects.toThrow(
          didNotAnswer(port, 'azblob://contract/x/a.json'),
        );
        await expect(storage.list('remote-catalog')).rejects.toThrow(
          didNotAnswer(port, 'azblob://contract/x/remote-catalog'),
        );
        await expect(initBlobStorage('azblob://contract', ['http://localhost:3000'], limit)).rejects.toThrow(
          didNotAnswer(port, 'azblob://contract'),
        );
      },
    );
  });

  it('tells a store that refuses a write from a blob already there: a 409 other than BlobAlreadyExists fails it', async () => {
    await stalled(
      (response) => {
        response.writeHead(409, {
          'content-type': 'application/xml',
          'x-ms-error-code': 'MemoryExtentStoreAtSizeLimit',
        });
        response.end(
          '<?xml version="1.0" encoding="utf-8"?><Error><Code>MemoryExtentStoreAtSizeLimit</Code><Message>full</Message></Error>',
        );
      },
      () =>
        expect(openStorage('azblob://contract/x', limit).createIfAbsent('a.json', 'x')).rejects.toThrow(
          'azblob://contract/x/a.json: the blob storage answered HTTP 409 MemoryExtentStoreAtSizeLimit',
        ),
    );
  });

  it('says so when an answer stops half-way through its body', async () => {
    await stalled(
      (response) => {
        response.writeHead(200, {
          'content-type': 'application/json',
          'content-length': '100',
          etag: '"0x1"',
          'x-ms-blob-type': 'BlockBlob',
        });
        response.write('{"remotes":');
      },
      (port) =>
        expect(openStorage('azblob://contract/x', limit).read('a.json')).rejects.toThrow(
          didNotAnswer(port, 'azblob://contract/x/a.json'),
        ),
    );
  });
});

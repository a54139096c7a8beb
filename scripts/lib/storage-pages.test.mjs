import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useAzurite } from '../test/azurite-test-server.mjs';
import { SUMMARY_FILE } from './prerender-pages.mjs';
import { writePages } from './storage-pages.mjs';
import { blobUrlOf } from './storage-blob.mjs';
import { openStorage } from './storage.mjs';

const PAGE = '<!doctype html><title>trang chủ</title><p>đã dựng sẵn</p><script>hydrate()</script>';

useAzurite('sites', ['http://127.0.0.1']);

describe('writing pages while another writer replaces them', () => {
  it('names the page it could not write and counts it as not prerendered, in what it returns and stores', async () => {
    const storage = openStorage('azblob://sites/contended');
    let other = 0;
    const contended = {
      ...storage,
      async createIfAbsent(key, bytes) {
        if (key.endsWith('/about/index.html')) {
          await storage.createIfAbsent(key, `other ${(other += 1)}`);
          return storage.createIfAbsent(key, bytes);
        }
        return storage.createIfAbsent(key, bytes);
      },
      async replaceIfUnchanged(key, bytes, etag) {
        if (key.endsWith('/about/index.html')) {
          const current = await storage.read(key);
          await storage.replaceIfUnchanged(key, `other ${(other += 1)}`, current.etag);
        }
        return storage.replaceIfUnchanged(key, bytes, etag);
      },
    };
    const outDir = mkdtempSync(join(tmpdir(), 'store-pages-'));
    try {
      const summary = {
        pins: {},
        routes: [
          { route: '/', status: 'prerendered' },
          { route: '/about', status: 'prerendered' },
        ],
      };
      mkdirSync(join(outDir, 'about'));
      writeFileSync(join(outDir, 'index.html'), PAGE);
      writeFileSync(join(outDir, 'about', 'index.html'), PAGE);
      writeFileSync(join(outDir, SUMMARY_FILE), JSON.stringify(summary));
      const reason = 'its page was not written to azblob://sites/contended/p (another writer replaced it each time)';
      const expected = [
        { route: '/', status: 'prerendered' },
        { route: '/about', status: 'client', reason },
      ];
      expect((await writePages(contended, 'p', outDir, summary)).routes).toEqual(expected);
      expect(JSON.parse((await storage.read(`p/${SUMMARY_FILE}`)).bytes.toString('utf8')).routes).toEqual(expected);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

describe('listing a container', () => {
  it('is refused to a browser, reading one of its blobs is not', async () => {
    const storage = openStorage('azblob://sites/listing');
    await storage.createIfAbsent('remotes.preview.json', '{}');
    const container = await blobUrlOf('azblob://sites');
    const listing = await fetch(`${container}?restype=container&comp=list`);
    expect(listing.ok).toBe(false);
    expect((await fetch(`${container}/listing/remotes.preview.json`)).status).toBe(200);
  });
});

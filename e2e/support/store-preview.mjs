// A preview whose registry is on object storage, as `npm run preview -- --remotes azblob://…`
// serves it (scripts/preview.mjs: the same storeSite and static server options), on a free port:
// the browser reads the registry and the remotes from the store; the pages are those rendered next
// to the registry. And the builds of this workspace published to a store, as `deploy` publishes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishVersion } from '../../scripts/lib/publish-version.mjs';
import { localCertificate } from '../../scripts/lib/local-certificate.mjs';
import { closeServer, createStaticServer, listen } from '../../scripts/lib/static-server.mjs';
import { storeSite } from '../../scripts/lib/storage-pages.mjs';
import { openStorage } from '../../scripts/lib/storage.mjs';
import { copyBuildInto, stampAndSeal } from '../../scripts/lib/version-folder.mjs';
import { REMOTE_DIRS, ROOT } from './stack.mjs';

/**
 * Publishes this workspace's remote builds to `store` as `version`, as `deploy --dist` publishes a
 * build it did not make (scripts/lib/version-folder.mjs): a copy of its dist/, source maps set
 * aside, stamped and sealed. Returns each remote's digest and route table.
 *
 * @param {string} store  azblob://<container>/<prefix>
 * @param {string} version
 * @returns {Promise<Record<string, { integrity: string, routes: unknown }>>}
 */
export async function publishBuilds(store, version) {
  const storage = openStorage(store);
  /** @type {Record<string, { integrity: string, routes: unknown }>} */
  const published = {};
  for (const [name, pkg] of Object.entries(REMOTE_DIRS)) {
    const work = mkdtempSync(join(tmpdir(), 'devhub-store-build-'));
    try {
      const dir = join(work, 'build');
      copyBuildInto({ builtDir: join(ROOT, pkg, 'dist'), outputPath: dir, mapsDir: join(work, 'maps') });
      const { buildHash, publishedAt } = stampAndSeal(dir, version);
      const { integrity } = await publishVersion(storage, { remote: name, pkg, version, dir, buildHash, publishedAt });
      published[name] = { integrity, routes: JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')).routes };
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return published;
}

/**
 * @param {{ registry: string, apiTarget?: string }} options  `registry`: azblob://…/remotes.<env>.json
 */
export async function startStorePreview({ registry, apiTarget }) {
  const site = await storeSite(registry);
  const certificate = await localCertificate();
  const shellDist = join(ROOT, 'shell', 'dist');
  const server = createStaticServer({
    root: shellDist,
    tls: { key: certificate.key, cert: certificate.cert },
    spa: true,
    apiTarget,
    store: site,
    pages: { dir: site.pagesDir, template: join(shellDist, 'index.html') },
  });
  const port = await listen(server, 0, '127.0.0.1');
  return {
    url: `https://127.0.0.1:${port}`,
    registryUrl: site.registryUrl,
    async stop() {
      await closeServer(server);
      site.close();
    },
  };
}

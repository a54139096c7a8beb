// @ts-check
/* Where a remote's files are, read from its mf-manifest.json. The loader registers the entry it
 * finds here with the federation runtime and hints a page's files on a hovered link; the page's
 * scripts (warm-up.js) hint the same files for the first page before any bundle runs, and the
 * server renderer lists them in a prerendered page (first-load-plan.ts). */

/**
 * The parts of a remote's mf-manifest.json read here.
 *
 * @typedef {{ sync?: string[], async?: string[] }} ManifestAssetList
 * @typedef {{ js?: ManifestAssetList, css?: ManifestAssetList }} ManifestAssets
 * @typedef {{ path?: string, requires?: string[], assets?: ManifestAssets }} ManifestExpose
 * @typedef {{
 *   metaData?: { globalName?: string, publicPath?: string, remoteEntry?: { name?: string, path?: string, type?: string } },
 *   exposes?: ManifestExpose[],
 *   shared?: Array<{ name?: string, assets?: ManifestAssets }>,
 * }} RemoteManifest
 */

/**
 * The URL a remote's files are resolved against: its manifest's `publicPath`, or its folder.
 *
 * @param {unknown} raw  the manifest as parsed
 * @param {string} manifestUrl
 */
export function filesBase(raw, manifestUrl) {
  var meta = /** @type {RemoteManifest} */ (raw && typeof raw === 'object' ? raw : {}).metaData || {};
  return meta.publicPath && meta.publicPath !== 'auto'
    ? new URL(meta.publicPath, manifestUrl).href
    : new URL('.', manifestUrl).href;
}

/**
 * The remote's entry, and for `expose` ("./HomePage") the scripts and styles its page needs (its
 * own chunks and the ones it imports on demand, such as its data), as absolute URLs, and the
 * shared modules it imports (`requires`, with the remote's own files for each in `sharedScripts`).
 * A manifest without an entry gives none.
 *
 * @param {unknown} raw  the manifest as parsed
 * @param {string} manifestUrl  where it was read (its files are relative to it unless it names a publicPath)
 * @param {string} [expose]
 * @returns {{
 *   entry?: { url: string, type: string, globalName: string },
 *   scripts: string[],
 *   styles: string[],
 *   requires: string[],
 *   sharedScripts: Record<string, string[]>,
 * }}
 */
export function remoteFiles(raw, manifestUrl, expose) {
  var manifest = /** @type {RemoteManifest} */ (raw && typeof raw === 'object' ? raw : {});
  var meta = manifest.metaData || {};
  var base = filesBase(raw, manifestUrl);
  var entryFile = meta.remoteEntry || {};
  var entry =
    typeof entryFile.name === 'string' && entryFile.name && typeof meta.globalName === 'string'
      ? {
          url: new URL((entryFile.path ? entryFile.path.replace(/\/$/, '') + '/' : '') + entryFile.name, base).href,
          type: entryFile.type || 'global',
          globalName: meta.globalName,
        }
      : undefined;
  var found = (manifest.exposes || []).filter(function (candidate) {
    return expose !== undefined && candidate.path === expose;
  })[0];
  var assets = (found && found.assets) || {};
  /** @param {ManifestAssetList | undefined} list */
  var files = function (list) {
    return ((list && list.sync) || []).concat((list && list.async) || []).map(function (file) {
      return new URL(file, base).href;
    });
  };
  var requires = (found && found.requires) || [];
  /** @type {Record<string, string[]>} */
  var sharedScripts = {};
  (manifest.shared || []).forEach(function (shared) {
    if (shared.name && requires.indexOf(shared.name) !== -1) {
      sharedScripts[shared.name] = files(shared.assets && shared.assets.js);
    }
  });
  return {
    entry: entry,
    scripts: files(assets.js),
    styles: files(assets.css),
    requires: requires,
    sharedScripts: sharedScripts,
  };
}

/**
 * The `integrity` each of a remote's files is loaded with, by absolute URL: the digests its manifest
 * lists (`metaData.integrity`, recorded at deploy) when the registry pins the manifest's own digest,
 * none otherwise. The one rule for the loader's files, the warm-up's and the loader's hints, and a
 * prerendered page's stylesheets: the loader gives a file its digest only from a manifest it
 * verified against the pin, and the remote's runtime asks the loader for each chunk's
 * (rspack/chunk-integrity-plugin.ts). A manifest the loader then refuses runs nothing, so a digest
 * read from it before the check is harmless.
 *
 * @param {unknown} raw  the remote's manifest as parsed
 * @param {string} manifestUrl
 * @param {boolean | undefined} pinned  the registry pins the manifest's digest
 * @returns {Record<string, string>}
 */
export function fileDigests(raw, manifestUrl, pinned) {
  /** @type {Record<string, string>} */
  var integrity = {};
  var listed = /** @type {{ integrity?: unknown }} */ (
    (raw && typeof raw === 'object' && /** @type {{ metaData?: object }} */ (raw).metaData) || {}
  );
  if (!pinned || !listed.integrity || typeof listed.integrity !== 'object') return integrity;
  var base = filesBase(raw, manifestUrl);
  Object.keys(listed.integrity).forEach(function (name) {
    var digest = /** @type {Record<string, unknown>} */ (listed.integrity)[name];
    if (typeof digest === 'string') integrity[new URL(name, base).href] = digest;
  });
  return integrity;
}

/**
 * Everything a page needs fetched: the remote's entry, the page's files, and for each shared module
 * the page imports, the copy it will be given: the shell's, when the shell provides the module
 * (`shellShared`, the page's island lists them), the remote's own otherwise.
 *
 * @param {unknown} raw  the remote's manifest as parsed
 * @param {string} manifestUrl
 * @param {string} expose
 * @param {Record<string, string[]>} shellShared
 * @param {boolean} [pinned]  the registry pins the manifest's digest: the files come with their
 *   `integrity` (see fileDigests)
 * @returns {{ entry?: { url: string, type: string, globalName: string }, scripts: string[], styles: string[], base: string, integrity: Record<string, string>, entryIntegrity?: string }}
 */
export function pageFiles(raw, manifestUrl, expose, shellShared, pinned) {
  var files = remoteFiles(raw, manifestUrl, expose);
  var base = filesBase(raw, manifestUrl);
  var integrity = fileDigests(raw, manifestUrl, pinned);
  var scripts = files.scripts.slice();
  files.requires.forEach(function (name) {
    var shell = Object.prototype.hasOwnProperty.call(shellShared, name) ? shellShared[name] : undefined;
    // The shell's own files, as its page lists them (root-relative): hintRemoteFiles resolves them.
    (shell || files.sharedScripts[name] || []).forEach(function (file) {
      scripts.push(file);
    });
  });
  return {
    entry: files.entry,
    scripts: scripts,
    styles: files.styles,
    base: base,
    integrity: integrity,
    entryIntegrity: files.entry ? integrity[files.entry.url] : undefined,
  };
}

/**
 * Asks the browser to fetch a page's files without running them: the remote's entry and the
 * page's scripts and styles, each resolved against the page (a prerendered page's plan lists them
 * as its pins name them). Now, at high priority (`preload`), for the page being opened; at idle
 * priority (`prefetch`, `speculative`) for a page the visitor may open next: a preload never used
 * earns a console warning a few seconds after the load event, a prefetch does not.
 * A hint is made as the file will be requested, or the browser fetches it twice: the remote's own files CORS-mode (its build loads chunks so),
 * with their digest only when the loader will load them with it (`integrity`, `entryIntegrity`:
 * a pinned digest). A hint runs nothing, so a digest read
 * from a manifest not yet checked is harmless: the loader runs nothing of a manifest it refuses.
 *
 * @param {{ entry?: { url: string }, scripts: string[], styles: string[], base?: string, integrity?: Record<string, string>, entryIntegrity?: string | undefined }} files
 * @param {boolean} [speculative]
 */
export function hintRemoteFiles(files, speculative) {
  var digests = files.integrity || {};
  var rel = speculative ? 'prefetch' : 'preload';
  /**
   * @param {string} url  as the page or the manifest names it
   * @param {string} as
   * @param {string | undefined} [integrity]
   * @param {boolean} [cors]
   */
  var hint = function (url, as, integrity, cors) {
    var href = new URL(url, document.baseURI).href;
    // Already asked for (a hint, or a prerendered page's own stylesheet): a second request, in
    // another mode, would fetch the file again.
    // A prefetch is left out for a file hinted in any way; a preload only for one already on its way
    // at high priority (a page opened after its prefetch still asks for its files now).
    var hinted = document.querySelectorAll(speculative ? 'link[href]' : 'link[rel="preload"], link[rel="stylesheet"]');
    for (var i = 0; i < hinted.length; i += 1) if (/** @type {HTMLLinkElement} */ (hinted[i]).href === href) return;
    var link = document.createElement('link');
    link.rel = rel;
    link.as = as;
    if (cors || integrity) link.crossOrigin = 'anonymous';
    if (integrity) link.integrity = integrity;
    link.href = href;
    document.head.appendChild(link);
  };
  /** @param {string} url */
  var own = function (url) {
    return (
      files.base !== undefined &&
      new URL(url, document.baseURI).href.indexOf(new URL(files.base, document.baseURI).href) === 0
    );
  };
  if (files.entry) hint(files.entry.url, 'script', files.entryIntegrity);
  files.scripts.forEach(function (url) {
    hint(url, 'script', own(url) ? digests[url] : undefined, own(url));
  });
  files.styles.forEach(function (url) {
    hint(url, 'style', own(url) ? digests[url] : undefined, own(url));
  });
}

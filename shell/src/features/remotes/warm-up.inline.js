// @ts-check
/* Inlined into index.html after remote-files.js (see shell/rspack.config.ts): it runs while the
 * shell's bundle is still downloading, reads the registry once, finds the current path among the
 * routes it lists with each pin, fetches that remote's manifest and hints the remote's entry, the
 * page's files and the shared modules it imports, so they are on their way before the shell asks
 * for them. On a prerendered page the registry is read at once and the rest waits for the page's
 * first paint, which then starts it with the shell (first-paint.ts). What it started is left in
 * one global, window.__devhubBoot, which the bootstrap takes over once (remote-host.ts takeBoot)
 * and hands to its remote host: the registry and the manifest are each requested once, the shared
 * modules' files index.html lists are read once (the bootstrap's readShellBuild takes them). The global also hands
 * the shell remote-files.js's functions, so the page carries one copy of them, this one.
 * Plain script: no bundler, no modules. */
/* global filesBase, remoteFiles -- remote-files.js's, inlined ahead (the rest are listed in eslint.config.mjs) */
(function () {
  var registry = fetch('/remotes.json');
  var sharedFiles = shellSharedFiles(document);
  /** @type {DevhubBoot} */
  var boot = {
    registry: registry,
    sharedFiles: sharedFiles,
    files: {
      filesBase: filesBase,
      remoteFiles: remoteFiles,
      pageFiles: pageFiles,
      hintRemoteFiles: hintRemoteFiles,
    },
  };
  window.__devhubBoot = boot;
  if (location.search.indexOf('mf-override') !== -1) return;
  try {
    if (localStorage.getItem('mf-overrides')) return;
  } catch {
    // Without storage there is no stored override either.
  }
  if (document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE)) boot.warmUp = warmUp;
  else warmUp();

  function warmUp() {
    boot.manifest = registry
      .then(function (response) {
        return response.clone().json();
      })
      .then(function (raw) {
        // The current path's page, from the routes the registry lists with each pin.
        var found = pageAt(raw && raw.remotes, location.pathname);
        if (!found) return undefined;
        var pin = found.pin;
        var expose = './' + found.expose;
        if (typeof pin.entry !== 'string') return undefined;
        var manifestUrl = new URL(pin.entry, location.href).href;
        // Scripts come with credentials, a manifest fetch without: each needs its own connection.
        var preconnect = document.createElement('link');
        preconnect.rel = 'preconnect';
        preconnect.href = new URL(manifestUrl).origin;
        document.head.appendChild(preconnect);
        var manifestResponse = fetch(manifestUrl);
        manifestResponse
          .then(function (response) {
            return response.clone().json();
          })
          .then(function (manifest) {
            hintRemoteFiles(pageFiles(manifest, manifestUrl, expose, sharedFiles, typeof pin.integrity === 'string'));
          })
          .catch(function () {
            // Only a head start: the loader reports what went wrong with the manifest.
          });
        return { url: manifestUrl, response: manifestResponse };
      })
      .catch(function () {
        // Only a head start: the loader reads the registry and reports its errors.
        return undefined;
      });
  }

  /**
   * @param {Record<string, any> | undefined} remotes  the registry's pins, as fetched (unchecked)
   * @param {string} path
   * @returns {{ pin: Record<string, unknown>, expose: string } | undefined}
   */
  function pageAt(remotes, path) {
    for (var name in remotes) {
      var pin = remotes[name];
      var pages = (pin && pin.routes) || [];
      for (var i = 0; i < pages.length; i++) {
        var paths = pages[i].routes || [];
        for (var j = 0; j < paths.length; j++) {
          if (paths[j].path === path) return { pin: pin, expose: pages[i].expose };
        }
      }
    }
    return undefined;
  }
})();

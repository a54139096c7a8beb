// @ts-check
/* Inlined into index.html after remote-files.js (see shell/rspack.config.ts): it runs while the
 * shell's bundle is still downloading, reads the registry once, fetches the current route's remote
 * manifest (the loader waits for this request instead of making its own, see manifests.ts) and hints the
 * remote's entry, the page's files and the shared modules it imports, so they are on their way
 * before the shell asks for them. On a prerendered page the registry is read at once and the rest
 * waits for the page's first paint, which then starts it with the shell (first-paint.ts).
 * Plain script: no bundler, no modules. */
(function (routeModules) {
  var registry = fetch('/remotes.json');
  window.__devhubRegistry = registry;
  var module = routeModules[location.pathname];
  if (!module || location.search.indexOf('mf-override') !== -1) return;
  try {
    if (localStorage.getItem('mf-overrides')) return;
  } catch {
    // Without storage there is no stored override either.
  }
  var remote = module.split('/')[0] || '';
  var expose = './' + module.split('/')[1];
  if (document.documentElement.hasAttribute(PRERENDERED_ATTRIBUTE)) window.__devhubWarmUp = warmUp;
  else warmUp();

  function warmUp() {
    window.__devhubManifest = registry
      .then(function (response) {
        return response.clone().json();
      })
      .then(function (raw) {
        var pin = raw && raw.remotes && raw.remotes[remote];
        if (!pin || typeof pin.entry !== 'string') return undefined;
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
            hintRemoteFiles(
              pageFiles(manifest, manifestUrl, expose, shellSharedFiles(), typeof pin.integrity === 'string'),
            );
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
})(ROUTE_MODULES);

// @ts-check
/* Inlined into index.html (see shell/rspack.config.ts): it runs while the shell's bundle is
 * still downloading, reads the registry once, fetches the current route's remote manifest (the
 * runtime plugin hands this response to the federation runtime instead of asking again) and
 * hints its entry, the exposed module's chunks and styles, so the runtime finds them already on
 * their way. Plain script: no bundler, no modules. */
/**
 * The parts of a remote's mf-manifest.json the warm-up reads.
 *
 * @typedef {{ js?: { sync?: string[], async?: string[] }, css?: { sync?: string[] } }} WarmAssets
 * @typedef {{ path?: string, assets?: WarmAssets }} WarmExpose
 * @typedef {{
 *   metaData?: { publicPath?: string, remoteEntry?: { name?: string, path?: string } },
 *   exposes?: WarmExpose[],
 * }} WarmManifest
 */
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
  /**
   * @param {string} href
   * @param {string} as
   */
  function hint(href, as) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    if (as === 'fetch') link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }
  registry
    .then(function (response) {
      return response.clone().json();
    })
    .then(function (raw) {
      var pin = raw && raw.remotes && raw.remotes[remote];
      if (!pin || typeof pin.entry !== 'string') return;
      var manifestUrl = new URL(pin.entry, location.href).href;
      // Scripts come with credentials, a manifest fetch without: each needs its own connection.
      var preconnect = document.createElement('link');
      preconnect.rel = 'preconnect';
      preconnect.href = new URL(manifestUrl).origin;
      document.head.appendChild(preconnect);
      var manifestResponse = fetch(manifestUrl);
      window.__devhubManifest = { url: manifestUrl, response: manifestResponse };
      return manifestResponse
        .then(function (response) {
          return response.clone().json();
        })
        .then(function (/** @type {WarmManifest} */ manifest) {
          var meta = manifest.metaData || {};
          var base =
            meta.publicPath && meta.publicPath !== 'auto'
              ? new URL(meta.publicPath, manifestUrl).href
              : new URL('.', manifestUrl).href;
          var entry = meta.remoteEntry || {};
          if (entry.name)
            hint(new URL((entry.path ? entry.path.replace(/\/$/, '') + '/' : '') + entry.name, base).href, 'script');
          var found = (manifest.exposes || []).filter(function (/** @type {WarmExpose} */ candidate) {
            return candidate.path === expose;
          })[0];
          var assets = (found && found.assets) || {};
          var js = assets.js || {};
          (js.sync || []).concat(js.async || []).forEach(function (/** @type {string} */ file) {
            hint(new URL(file, base).href, 'script');
          });
          ((assets.css && assets.css.sync) || []).forEach(function (/** @type {string} */ file) {
            hint(new URL(file, base).href, 'style');
          });
        });
    })
    .catch(function () {
      // Only a head start: the real load reports its own errors.
    });
})(ROUTE_MODULES);

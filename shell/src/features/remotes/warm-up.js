// @ts-check
import { runsCandidate } from './candidate-choice';
import { pinsMayBeOverridden } from './override-presence';
import { keptVisitorBucket } from './visitor-bucket';
import { filesBase, hintRemoteFiles, pageFiles, remoteFiles } from './remote-files.js';

/**
 * Run by the page's scripts (shell/src/app/start-page.ts) while the shell's bundle is still
 * downloading: reads the registry once, and returns what finds the current path among the routes
 * it lists with each pin, fetches that remote's manifest and hints the remote's entry, the page's
 * files and the shared modules it imports, so they are on their way before the shell asks for
 * them (at once on a page the browser renders; after the first paint on a prerendered one). What
 * it started is left in one global, window.__devhubBoot, which the bootstrap takes over once
 * (remote-host.ts takeBoot) and hands to its remote host: the registry and the manifest are each
 * requested once. The global also hands the shell remote-files.js's functions, so the page
 * carries one copy of them, this one.
 *
 * @param {Record<string, string[]>} sharedFiles  the shared modules' files the page's island lists
 * @returns {() => void}
 */
export function startWarmUp(sharedFiles) {
  var registry = fetch('/remotes.json');
  /** @type {DevhubBoot} */
  var boot = {
    registry: registry,
    files: {
      filesBase: filesBase,
      remoteFiles: remoteFiles,
      pageFiles: pageFiles,
      hintRemoteFiles: hintRemoteFiles,
    },
  };
  window.__devhubBoot = boot;
  // An override replaces a pin: the loader finds out which once the registry is in.
  if (pinsMayBeOverridden()) return function () {};
  return warmUp;

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
    var bucket = keptVisitorBucket();
    for (var name in remotes) {
      // The pin this browser runs: a candidate's visitor is hinted the candidate's files (candidate-choice.ts).
      var pin =
        remotes[name] && runsCandidate(remotes[name].candidate, bucket) ? remotes[name].candidate : remotes[name];
      var pages = (pin && pin.routes) || (remotes[name] && remotes[name].routes) || [];
      for (var i = 0; i < pages.length; i++) {
        var paths = pages[i].routes || [];
        for (var j = 0; j < paths.length; j++) {
          if (paths[j].path === path) return { pin: pin, expose: pages[i].expose };
        }
      }
    }
    return undefined;
  }
}

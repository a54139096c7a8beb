// @ts-check
import { runsCandidate } from './candidate-choice';
import { pinsMayBeOverridden } from './override-presence';
import { keptVisitorBucket } from './visitor-bucket';
import { hintRemoteFiles, pageFiles } from './remote-files.js';

/*
 * Run by the page's head script (shell/src/app/start-page.ts) while the shell's bundle is still
 * downloading: the current page's remote manifest and files are requested before the shell asks
 * for them. Nothing is handed to the shell but through the browser: what the shell's loader will
 * fetch() itself (the registry, the manifest) is left as a `<link rel="preload" as="fetch">`,
 * whose response the loader's own request takes instead of going to the network; the files are
 * hinted as the remote's runtime will request them (remote-files.js hintRemoteFiles).
 */

var REGISTRY_URL = '/remotes.json';

/** @typedef {import('../prerender/first-load-plan').FirstLoadPlan} FirstLoadPlan */

/**
 * Has the browser fetch `url` as the shell's loader will (fetch(): CORS mode, credentials only on
 * the page's origin); the loader's request then takes this response. A `no-cache` file fetched
 * again is revalidated now, while the bundle downloads, rather than once it runs.
 *
 * @param {string} url
 */
function preloadForLoader(url) {
  var link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = url;
  document.head.appendChild(link);
}

/**
 * Requests the registry, finds the current page's remote among the routes it lists with each pin,
 * and hints the page's files: from a prerendered page's plan when the pin this browser runs is the
 * one the page was rendered with, from the remote's manifest otherwise (a candidate's visitor, a
 * plan gone stale, a page the browser renders). An override replaces a pin: the loader finds out
 * which.
 *
 * @param {Record<string, string[]>} sharedFiles  the shared modules' files the page's island lists
 * @param {unknown} [plan]  a prerendered page's `firstLoad` (first-load-plan.ts), unchecked
 */
export function startWarmUp(sharedFiles, plan) {
  if (pinsMayBeOverridden()) return;
  fetch(REGISTRY_URL)
    .then(function (response) {
      return response.json();
    })
    .then(function (raw) {
      // The loader reads it again: its request takes this one's revalidated response.
      preloadForLoader(REGISTRY_URL);
      var found = pageAt(raw && raw.remotes, location.pathname);
      if (!found || typeof found.pin.entry !== 'string') return undefined;
      var manifestUrl = new URL(found.pin.entry, location.href).href;
      if (isPlan(plan) && new URL(plan.manifest, location.href).href === manifestUrl) {
        preloadForLoader(manifestUrl);
        hintRemoteFiles(plan.files);
        return undefined;
      }
      // Scripts come with credentials, a manifest fetch without: each needs its own connection.
      var preconnect = document.createElement('link');
      preconnect.rel = 'preconnect';
      preconnect.href = new URL(manifestUrl).origin;
      document.head.appendChild(preconnect);
      var expose = './' + found.expose;
      var pinned = typeof found.pin.integrity === 'string';
      return fetch(manifestUrl)
        .then(function (response) {
          return response.json();
        })
        .then(function (manifest) {
          preloadForLoader(manifestUrl);
          hintRemoteFiles(pageFiles(manifest, manifestUrl, expose, sharedFiles, pinned));
        });
    })
    .catch(function () {
      // Only a head start: the loader reads the registry and the manifest, and reports their errors.
    });
}

/**
 * @param {unknown} plan
 * @returns {plan is FirstLoadPlan}
 */
function isPlan(plan) {
  var read = /** @type {{ manifest?: unknown, files?: { scripts?: unknown, styles?: unknown } } | null} */ (plan);
  return (
    !!read &&
    typeof read.manifest === 'string' &&
    !!read.files &&
    Array.isArray(read.files.scripts) &&
    Array.isArray(read.files.styles)
  );
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
    var pin = remotes[name] && runsCandidate(remotes[name].candidate, bucket) ? remotes[name].candidate : remotes[name];
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

// @ts-check
// The Content-Security-Policy of each HTML page the static server sends, computed from the build
// it serves (the hashes of the build's own scripts: static-server-trusted-scripts.mjs, never those
// of the page being sent) and the registry it is served with (the origins its remotes are pinned
// to or may be overridden to), once per version of either.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';

/** Script types a browser runs; any other (application/json…) is data, which CSP does not govern. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * @param {string} attributes
 * @param {string} name
 */
const attributeOf = (attributes, name) =>
  new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?`, 'i').exec(attributes);

/**
 * The hash sources that let a page's scripts run: the sha256 of each inline script's text, and
 * the integrity of each script it loads from a file (a script the page's parser inserts runs under
 * 'strict-dynamic' only if its hash is listed). Read from the build's pages only.
 *
 * @param {string} html
 * @returns {string[]}
 */
export function scriptHashSources(html) {
  const sources = new Set();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const type = attributeOf(attributes, 'type');
    const typeValue = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(typeValue)) continue;
    if (attributeOf(attributes, 'src')) {
      const integrity = attributeOf(attributes, 'integrity');
      const value = integrity?.[1] ?? integrity?.[2] ?? integrity?.[3] ?? '';
      for (const token of value.split(/\s+/).filter((item) => /^sha(256|384|512)-/.test(item))) {
        sources.add(`'${token}'`);
      }
      continue;
    }
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

/**
 * The origins a registry's remotes are fetched from: each pinned entry's and each allowed
 * override's. An entry without a scheme (`//host:port/…`) is taken with the page's scheme, as a
 * CSP host source without a scheme is; a relative entry is the page's own origin.
 *
 * @param {unknown} registry
 * @returns {string[]}
 */
export function registryOrigins(registry) {
  /** @type {Set<string>} */
  const origins = new Set();
  if (!registry || typeof registry !== 'object') return [];
  const { remotes, allowedOverrideOrigins } = /** @type {Record<string, unknown>} */ (registry);
  const entries = Object.values(remotes && typeof remotes === 'object' ? remotes : {}).map((pin) =>
    pin && typeof pin === 'object' ? /** @type {Record<string, unknown>} */ (pin).entry : undefined,
  );
  for (const entry of [...entries, ...(Array.isArray(allowedOverrideOrigins) ? allowedOverrideOrigins : [])]) {
    if (typeof entry !== 'string') continue;
    try {
      if (entry.startsWith('//')) origins.add(new URL(`https:${entry}`).host);
      else if (/^https?:\/\//i.test(entry)) origins.add(new URL(entry).origin);
    } catch {
      // Not a URL: the shell refuses such a registry, and the page fetches nothing from it.
    }
  }
  return [...origins];
}

/**
 * @param {{ scripts: string[], origins: string[] }} sources
 * @returns {string}
 */
export function contentSecurityPolicy({ scripts, origins }) {
  const self = ["'self'", ...origins].join(' ');
  return [
    // Firefox checks a <link rel=prefetch> (the next pages' files, hinted at idle time) against
    // default-src whatever the file (CSP 3 gives a prefetch no directive of its own), so the remotes'
    // origins are listed there; script-src is untouched and still decides what runs, and frames and
    // media keep 'self' alone (no manifest-src: WebKit logs it as an unknown directive, and there is no
    // web app manifest).
    `default-src ${self}`,
    // Scripts the page's own scripts load (the bundle's chunks, the remotes' entries and modules)
    // are trusted through them: no host list, which 'strict-dynamic' would ignore anyway.
    `script-src 'strict-dynamic' ${scripts.join(' ')}`.trimEnd(),
    // react-hot-toast (goober) writes its rules into a <style> element it creates at run time and
    // the rendered pages carry React's style attributes: neither can be hashed ahead of time.
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data:`,
    `font-src ${self}`,
    `connect-src ${self}`,
    "frame-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Policies kept at once: one per build and registry version, a handful in practice. */
const MAX_POLICIES = 64;

/**
 * The policy of the HTML pages of a server, computed when the build's scripts or the registry
 * change: both are read once per version, never on every request.
 *
 * @param {{ registryFile?: string, origins?: string[], scripts: () => Promise<{ key: string, sources: string[] }> }} options
 *   `origins`: allowed besides the registry's (the store the registry itself is read from);
 *   `scripts`: the build's own (static-server-trusted-scripts.mjs)
 * @returns {() => Promise<string>}
 */
export function pagePolicies({ registryFile, origins: extra = [], scripts }) {
  /** @type {Map<string, string>} */
  const policies = new Map();
  /** @type {{ key: string, origins: string[] } | undefined} */
  let registry;

  async function origins() {
    if (!registryFile) return { key: 'none', origins: extra };
    const stat = await fs.stat(registryFile).catch(() => null);
    const key = stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : 'none';
    if (registry?.key !== key) {
      let parsed;
      try {
        parsed = JSON.parse(await fs.readFile(registryFile, 'utf8'));
      } catch {
        parsed = undefined;
      }
      registry = { key, origins: [...new Set([...extra, ...registryOrigins(parsed)])] };
    }
    return registry;
  }

  return async function policyOf() {
    const [{ key: registryKey, origins: allowed }, trusted] = await Promise.all([origins(), scripts()]);
    const key = `${trusted.key}:${registryKey}`;
    const known = policies.get(key);
    if (known) return known;
    const policy = contentSecurityPolicy({ scripts: trusted.sources, origins: allowed });
    if (policies.size >= MAX_POLICIES) policies.delete(policies.keys().next().value ?? '');
    policies.set(key, policy);
    return policy;
  };
}

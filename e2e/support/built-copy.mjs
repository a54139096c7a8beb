// A copy of an app's production build (its dist/, as `npm run build` made it), changed as another
// version of it, or a compromised store, would have it: the browser tests edit built files and
// never build again for a change that a string replaced in the output shows as well.
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANIFEST_FILE } from '../../scripts/lib/integrity.mjs';
import { writePrecompressed } from '../../rspack/precompress.mjs';
import { ROOT } from './stack.mjs';

/**
 * Copies `<appDir>/dist` into a new temporary folder (or `into`), its source maps included, as a
 * build leaves them for `deploy` to set aside.
 *
 * @param {string} appDir  the app's folder ("remote-catalog")
 * @param {{ into?: string }} [options]
 * @returns {string} the copy
 */
export function copyBuild(appDir, { into } = {}) {
  const dir = into ?? mkdtempSync(join(tmpdir(), `devhub-${appDir}-build-`));
  cpSync(join(ROOT, appDir, 'dist'), dir, { recursive: true });
  return dir;
}

/**
 * A JavaScript string literal of `text`, as a minifier may write it: each character past ASCII as
 * itself or escaped (`\xe0`, `\u1ed5`).
 *
 * @param {string} text
 */
export function stringLiteral(text) {
  const characters = [...text].map((character) => {
    const code = character.codePointAt(0) ?? 0;
    const plain = character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    if (code < 0x80) return plain;
    const hex = code.toString(16);
    const escapes = [...(code < 0x100 ? [`x${hex}`] : []), `u${hex.padStart(4, '0')}`].flatMap((escape) => [
      escape,
      escape.slice(0, 1) + escape.slice(1).toUpperCase(),
    ]);
    return `(?:${[plain, ...escapes.map((escape) => `\\\\${escape}`)].join('|')})`;
  });
  return new RegExp(`(["'])${characters.join('')}\\1`, 'g');
}

/**
 * Replaces every string literal `from` of the build's code (browser and server) with `to`, and
 * writes the precompressed copies of each changed file again. Throws if no file had it: a test
 * whose change missed would prove nothing.
 *
 * @param {string} dir
 * @param {string} from
 * @param {string} to
 * @returns {Promise<string[]>} the files changed
 */
export async function replaceText(dir, from, to) {
  const pattern = stringLiteral(from);
  const changed = [];
  for (const file of readdirSync(dir).filter((name) => /\.(c|m)?js$/.test(name))) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    const edited = text.replace(pattern, (_, quote) => `${quote}${to}${quote}`);
    if (edited === text) continue;
    writeFileSync(path, edited);
    await writePrecompressed(path, Buffer.from(edited));
    changed.push(file);
  }
  if (changed.length === 0) throw new Error(`no code of ${dir} has the text ${JSON.stringify(from)}`);
  return changed;
}

/**
 * Records `version` as the one the build was made at (its manifest's `buildVersion`, what its
 * package.json said), as building it at that version would: `deploy --dist` publishes it so.
 *
 * @param {string} dir
 * @param {string} version
 */
export function setBuildVersion(dir, version) {
  const file = join(dir, MANIFEST_FILE);
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  manifest.metaData.buildInfo = { ...manifest.metaData.buildInfo, buildVersion: version };
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  // The copies of the manifest the build compressed are of the other version: never to be served.
  return writePrecompressed(file);
}

// @ts-check
// Brotli and gzip copies of a text file, made once when the file is written (by the build, or by
// the prerender for its pages): the static server sends them as they are (@fastify/static
// `preCompressed`), so no request ever waits for a compressor.
import { promises as fs } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** What is worth compressing: text. Source maps are never served, so never compressed. */
export const PRECOMPRESSED_EXTENSIONS = /\.(?:js|mjs|cjs|css|html|json|svg|txt)$/;

/** @param {Buffer} content */
const brotliOptions = (content) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
  },
});

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside a file, each only where it is smaller than the file
 * (a stale copy from an earlier content is removed, never left to be served).
 *
 * @param {string} file
 * @param {Buffer} [content]  the file's bytes, when the caller has them
 */
export async function writePrecompressed(file, content) {
  const bytes = content ?? (await fs.readFile(file));
  const [br, gz] = await Promise.all([brotliAsync(bytes, brotliOptions(bytes)), gzipAsync(bytes, { level: 9 })]);
  /** @type {Array<[string, Buffer]>} */
  const copies = [
    ['.br', br],
    ['.gz', gz],
  ];
  await Promise.all(
    copies.map(([suffix, copy]) =>
      copy.length < bytes.length ? fs.writeFile(`${file}${suffix}`, copy) : fs.rm(`${file}${suffix}`, { force: true }),
    ),
  );
}

/**
 * The same, synchronously, for a writer that is synchronous itself (the prerender's staging folder).
 *
 * @param {string} file
 * @param {string | Buffer} content
 * @param {(path: string, data: Buffer) => void} write
 */
export function precompressedCopiesSync(file, content, write) {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  /** @type {Array<[string, Buffer]>} */
  const copies = [
    ['.br', brotliCompressSync(bytes, brotliOptions(bytes))],
    ['.gz', gzipSync(bytes, { level: 9 })],
  ];
  for (const [suffix, copy] of copies) if (copy.length < bytes.length) write(`${file}${suffix}`, copy);
}

import { cacheControlFor, narrowAcceptEncoding } from './static-server-files.mjs';

describe('cache headers', () => {
  it.each([
    ['/main.1a2b3c4d.js', 'public, max-age=31536000, immutable'],
    ['/assets/logo.1a2b3c4d.svg', 'public, max-age=31536000, immutable'],
    ['/deploy/remote-catalog/1.2.0/remoteEntry.js', 'public, max-age=31536000, immutable'],
    ['/deploy/remote-catalog/1.2.0/thumbnails/a.svg', 'public, max-age=31536000, immutable'],
    ['/deploy/remote-catalog/1.2.0/mf-manifest.json', 'no-cache'],
    ['/remotes.json', 'no-cache'],
    ['/remotes.staging.json', 'no-cache'],
    ['/mf-manifest.json', 'no-cache'],
    ['/remoteEntry.js', 'no-cache'],
    ['/index.html', 'no-cache'],
  ])('%s → %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});

describe('the encodings a request is narrowed to', () => {
  it.each([
    ['br, gzip, deflate, zstd', ['br', 'gzip'], 'br, gzip'],
    ['gzip, deflate, br', ['gzip'], 'gzip'],
    ['br;q=0, gzip;q=0.5', ['br', 'gzip'], 'br;q=0, gzip;q=0.5'],
    ['*;q=0.5', ['gzip'], 'gzip;q=0.5'],
    ['BR', ['br'], 'BR'],
    ['br', ['gzip'], undefined],
    [undefined, ['br', 'gzip'], undefined],
  ])('%s with copies %j → %s', (accepted, encodings, expected) => {
    const headers = accepted === undefined ? {} : { 'accept-encoding': accepted };
    narrowAcceptEncoding(headers, encodings);
    expect(headers['accept-encoding']).toBe(expected);
  });
});

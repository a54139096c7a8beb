import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { printable, reasonWriter } from './prerender-reasons.mjs';

describe('the reasons a prerender publishes', () => {
  const mirror = join(tmpdir(), 'devhub-render-abc');
  const reasonOf = reasonWriter([
    [mirror, ''],
    ['/srv/app/.deploy', '/deploy/'],
    ['/srv/app/auth-dist', '//localhost:3002/'],
    ['/srv/app', ''],
  ]);

  it('names a file of this machine as the registry or the remote names it, as a path or a file: URL', () => {
    expect(reasonOf(`Cannot find module '${join(mirror, 'catalog', 'server.1.cjs')}'`)).toBe(
      "Cannot find module 'catalog/server.1.cjs'",
    );
    expect(reasonOf(`failed at ${pathToFileURL(join(mirror, 'auth', 'server.remoteEntry.cjs')).href}:3:9`)).toBe(
      'failed at auth/server.remoteEntry.cjs:3:9',
    );
    expect(reasonOf('/x is not published (/srv/app/.deploy/remote-x/1.0.0/mf-manifest.json does not exist)')).toBe(
      '/x is not published (/deploy/remote-x/1.0.0/mf-manifest.json does not exist)',
    );
    expect(reasonOf('/srv/app/auth-dist/mf-manifest.json: no "metaData"')).toBe(
      '//localhost:3002/mf-manifest.json: no "metaData"',
    );
    expect(reasonOf('no shell build at /srv/app/shell/dist')).toBe('no shell build at shell/dist');
    expect(reasonOf(`${join(homedir(), 'notes.txt')} and ${join(tmpdir(), 'other', 'file')}`)).toBe(
      '~/notes.txt and <tmp>/other/file',
    );
  });

  it('leaves what only looks like such a path alone', () => {
    expect(reasonOf('/srv/application is not /srv/app.old, nor https://cdn/srv/app/x')).toBe(
      '/srv/application is not /srv/app.old, nor https://cdn/srv/app/x',
    );
  });

  it('is one line of printable text: the first line of a message (never a stack), at most 1000 characters', () => {
    const error = new Error('it broke\n    at render (/srv/app/x.cjs:1:1)');
    expect(reasonOf(error)).toBe('it broke');
    expect(reasonOf('\n\nlater line\nnext')).toBe('later line');
    expect(printable('red \u001b[31mtext\u0007 \u202eevil')).toBe('red  [31mtext   evil');
    expect(printable('x'.repeat(2000))).toHaveLength(1000);
  });
});

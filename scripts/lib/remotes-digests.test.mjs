// Outside the local environment every pin runs only with its digest: use, doctor and the registry say so.
import { readFileSync, writeFileSync } from 'node:fs';
import { list, notPrerenderedLine, unverifiedLine, use } from './remotes-commands.mjs';
import { doctor } from './remotes-doctor.mjs';
import { publish, useRemotesWorkspace } from '../test/remotes-test-workspace.mjs';

const workspace = useRemotesWorkspace();
const { registry, options } = workspace;
let deployDir;
let registryFile;
beforeEach(() => ({ deployDir, registryFile } = workspace.current));

describe('remotes commands outside the local environment', () => {
  const strip = (...remotes) => {
    const pinned = registry();
    for (const remote of remotes) delete pinned.remotes[remote].integrity;
    writeFileSync(registryFile, JSON.stringify(pinned));
  };

  it('use pins a version with its digest and names every pin still without one', async () => {
    strip('auth', 'account');
    publish(deployDir, 'catalog', '1.1.0');
    await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).resolves.toMatchObject({
      changed: true,
      unverified: ['auth', 'account'],
    });
    await expect(use({ ...options(), remote: 'auth', version: '1.0.0' })).resolves.toMatchObject({
      changed: true,
      unverified: ['account'],
    });
    expect(registry().remotes.auth.integrity).toMatch(/^sha384-/);
    expect(unverifiedLine('account')).toBe(
      'account is pinned without a digest: nothing runs it outside the local environment until "remotes use account <version>" pins it again',
    );
  });

  it('list shows the pins of a new environment, whose pins have no digest yet', async () => {
    strip('catalog', 'auth', 'account');
    expect((await list(options())).map((row) => row.version)).toEqual(['1.0.0', '1.0.0', '1.0.0']);
    expect(notPrerenderedLine(['auth', 'account'])).toBe(
      'public routes not prerendered: auth, account are pinned without a digest; once they are pinned, "remotes prerender" renders them',
    );
  });

  it('doctor fails, one line per pin without a digest, versioned or not', async () => {
    strip('auth');
    const pinned = registry();
    pinned.remotes.account = { entry: '//localhost:3003/mf-manifest.json' };
    writeFileSync(registryFile, JSON.stringify(pinned));
    const { ok, rows } = await doctor({ ...options(), timeoutMs: 500 });
    expect(ok).toBe(false);
    expect(rows.map((row) => row.integrity)).toEqual(['verified', 'no digest', 'no digest']);
    expect(rows[1].problems).toEqual([
      'auth: /deploy/remote-auth/1.0.0/mf-manifest.json is pinned without a digest in the "staging" environment, where nothing runs it: pin it again with "remotes use auth 1.0.0"',
    ]);
    expect(rows[2].problems[0]).toBe(
      'account: //localhost:3003/mf-manifest.json is pinned without a digest in the "staging" environment, where nothing runs it: pin it again with "remotes use account <version>"',
    );
  });

  it('refuses, in one line and the registry untouched, an override allow-list of http or loopback origins', async () => {
    const pinned = registry();
    pinned.allowedOverrideOrigins = ['https://cdn.example', 'http://localhost:3001', 'https://127.0.0.1:3001'];
    writeFileSync(registryFile, JSON.stringify(pinned));
    const before = readFileSync(registryFile, 'utf8');
    publish(deployDir, 'catalog', '1.1.0');
    await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).rejects.toThrow(
      `${registryFile}: "allowedOverrideOrigins" may list only https origins off this machine outside the local environment (refused: http://localhost:3001, https://127.0.0.1:3001)`,
    );
    await expect(doctor(options())).rejects.toThrow('"allowedOverrideOrigins" may list only https origins');
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });
});

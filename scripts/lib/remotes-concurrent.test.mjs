// Pins and rollbacks at the same moment from separate processes: none is lost.
import { mkdirSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { EXPOSES } from '../test/compatibility-fixtures.mjs';
import { use } from './remotes-commands.mjs';
import { withOperators } from '../test/operator-processes.mjs';
import { publish, useRemotesWorkspace } from '../test/remotes-test-workspace.mjs';

const workspace = useRemotesWorkspace();
const { registry, options } = workspace;
let root;
let deployDir;
beforeEach(() => ({ root, deployDir } = workspace.current));

describe('remotes commands at the same moment from separate processes', () => {
  const REMOTES = Object.keys(EXPOSES);

  it('keeps all 30 pins of 10 rounds of 3 at once on different remotes', async () => {
    await withOperators(REMOTES.length, async (operators) => {
      for (let round = 1; round <= 10; round += 1) {
        const version = `2.${round}.0`;
        for (const remote of REMOTES) publish(deployDir, remote, version);
        const results = await Promise.all(
          REMOTES.map((remote, index) => operators[index].run('use', { ...options(), remote, version })),
        );
        expect(results.filter((result) => result.code !== 0)).toEqual([]);
        for (const remote of REMOTES) expect(registry().remotes[remote].version).toBe(version);
      }
    });
  });

  it('keeps every pin: on different remotes all of them, on one remote the last with the other as its previous', async () => {
    let expectedPrevious = Object.fromEntries(REMOTES.map((remote) => [remote, '1.0.0']));
    await withOperators(REMOTES.length * 2, async (operators) => {
      for (let round = 1; round <= 3; round += 1) {
        const versions = [`1.${round}.1`, `1.${round}.2`];
        for (const remote of REMOTES) for (const version of versions) publish(deployDir, remote, version);
        const commands = REMOTES.flatMap((remote) => versions.map((version) => ({ ...options(), remote, version })));
        const results = await Promise.all(commands.map((command, index) => operators[index].run('use', command)));
        expect(results.filter((result) => result.code !== 0)).toEqual([]);

        const pins = registry().remotes;
        for (const remote of REMOTES) {
          const pin = pins[remote];
          expect(versions).toContain(pin.version);
          const other = versions.find((version) => version !== pin.version);
          expect(pin.previousVersions.slice(0, 2)).toEqual([other, expectedPrevious[remote]]);
        }
        expectedPrevious = Object.fromEntries(REMOTES.map((remote) => [remote, pins[remote].version]));
      }
    });
    expect(readdirSync(root).filter((name) => name.includes('.lock') || name.endsWith('.tmp'))).toEqual([]);
  });

  it('rolls back one remote while another is pinned, keeping both', async () => {
    publish(deployDir, 'catalog', '1.1.0');
    await use({ ...options(), remote: 'catalog', version: '1.1.0' });
    publish(deployDir, 'auth', '1.1.0');
    const results = await withOperators(2, ([first, second]) =>
      Promise.all([
        first.run('rollback', { ...options(), remote: 'catalog' }),
        second.run('use', { ...options(), remote: 'auth', version: '1.1.0' }),
      ]),
    );
    expect(results.filter((result) => result.code !== 0)).toEqual([]);
    expect(registry().remotes.catalog).toMatchObject({ version: '1.0.0', previousVersions: [] });
    expect(registry().remotes.auth).toMatchObject({ version: '1.1.0', previousVersions: ['1.0.0'] });
  });

  it('takes over a lock left behind by a killed process once it has gone stale', async () => {
    const lock = join(root, '.remotes.staging.json.lock');
    mkdirSync(lock);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    publish(deployDir, 'catalog', '1.1.0');
    await expect(use({ ...options(), remote: 'catalog', version: '1.1.0' })).resolves.toMatchObject({
      changed: true,
    });
    expect(registry().remotes.catalog.version).toBe('1.1.0');
  });
});

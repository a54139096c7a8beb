// canary start, status, promote and abort on a registry in a folder, and rollback of a candidate.
import { readFileSync } from 'node:fs';
import { ROUTE_TABLES } from '../test/compatibility-fixtures.mjs';
import { canaryAbort, canaryPromote, canaryStart, canaryStatus, parsePercent } from './canary-commands.mjs';
import { list, rollback, use } from './remotes-commands.mjs';
import { writeFileSync } from 'node:fs';
import { publish, useRemotesWorkspace } from '../test/remotes-test-workspace.mjs';

const workspace = useRemotesWorkspace();
const { registry, options } = workspace;
let deployDir;
let registryFile;
beforeEach(() => ({ deployDir, registryFile } = workspace.current));

const catalogAt = (version) => ({
  entry: `/deploy/remote-catalog/${version}/mf-manifest.json`,
  version,
  routes: ROUTE_TABLES.catalog,
});

describe('canary', () => {
  it('starts a checked candidate beside the stable pin, then changes its share', async () => {
    const stable = registry().remotes.catalog;
    const integrity = publish(deployDir, 'catalog', '1.1.0');
    await expect(canaryStart({ ...options(), remote: 'catalog', version: '1.1.0', percent: '10' })).resolves.toEqual({
      remote: 'catalog',
      version: '1.1.0',
      stable: stable.version,
      percent: 10,
      previousPercent: undefined,
    });
    const { candidate, ...rest } = registry().remotes.catalog;
    expect(rest).toEqual(stable);
    expect(candidate).toEqual({ ...catalogAt('1.1.0'), integrity, percent: 10, started: expect.any(String) });

    await canaryStart({ ...options(), remote: 'catalog', version: '1.1.0', percent: 50 });
    expect(registry().remotes.catalog.candidate).toEqual({ ...candidate, percent: 50, stepped: expect.any(String) });
    expect((await list(options())).find((row) => row.remote === 'catalog')?.candidate).toBe('1.1.0 (50 %)');
    expect(await canaryStatus(options())).toEqual([
      { remote: 'catalog', stable: stable.version, candidate: '1.1.0 (50 %)', since: candidate.started, last: '-' },
    ]);
  });

  it.each([
    [{ version: '1.0.0', percent: '10' }, 'catalog@1.0.0 is the stable version already'],
    [{ version: '1.1.0', percent: '0' }, '--percent must be a whole number from 1 to 100, got "0"'],
    [{ version: '1.1.0' }, '--percent must be a whole number from 1 to 100, got ""'],
    [{ version: '9.9.9', percent: '10' }, /9\.9\.9/],
  ])('refuses %j, the registry untouched', async (given, message) => {
    publish(deployDir, 'catalog', '1.1.0');
    const before = readFileSync(registryFile, 'utf8');
    await expect(canaryStart({ ...options(), remote: 'catalog', ...given })).rejects.toThrow(message);
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it('refuses a second candidate, and one for a remote with no stable version', async () => {
    publish(deployDir, 'catalog', '1.1.0');
    publish(deployDir, 'catalog', '1.2.0');
    await canaryStart({ ...options(), remote: 'catalog', version: '1.1.0', percent: 10 });
    await expect(canaryStart({ ...options(), remote: 'catalog', version: '1.2.0', percent: 10 })).rejects.toThrow(
      'catalog has candidate 1.1.0 at 10 %: promote or abort it first',
    );
    await expect(canaryStart({ ...options(), remote: 'forum', version: '1.0.0', percent: 10 })).rejects.toThrow(
      `forum has no stable version in ${registryFile}: pin one with "remotes use" first`,
    );
  });

  it('promotes the candidate to the stable pin, the stable one its previous version', async () => {
    const stable = registry().remotes.catalog;
    const integrity = publish(deployDir, 'catalog', '1.1.0');
    await canaryStart({ ...options(), remote: 'catalog', version: '1.1.0', percent: 25 });
    await expect(canaryPromote({ ...options(), remote: 'catalog' })).resolves.toMatchObject({
      version: '1.1.0',
      from: stable.version,
    });
    expect(registry().remotes.catalog).toEqual({
      ...catalogAt('1.1.0'),
      integrity,
      previousVersions: [stable.version, ...(stable.previousVersions ?? [])],
      canaryHistory: [{ version: '1.1.0', percent: 25, outcome: 'promoted', at: expect.any(String) }],
    });
    await expect(canaryPromote({ ...options(), remote: 'catalog' })).rejects.toThrow('catalog has no candidate');
  });

  it('aborts the candidate with its reason, and rollback takes a candidate away first', async () => {
    const stable = registry().remotes.catalog;
    publish(deployDir, 'catalog', '1.1.0');
    await canaryStart({ ...options(), remote: 'catalog', version: '1.1.0', percent: 10 });
    await canaryAbort({ ...options(), remote: 'catalog', reason: 'error ratio 0.31 > 0.05' });
    const { canaryHistory, ...rest } = registry().remotes.catalog;
    expect(rest).toEqual(stable);
    expect(canaryHistory).toEqual([
      { version: '1.1.0', percent: 10, outcome: 'aborted', reason: 'error ratio 0.31 > 0.05', at: expect.any(String) },
    ]);
    expect((await canaryStatus(options()))[0]?.last).toBe('1.1.0 aborted: error ratio 0.31 > 0.05');

    await canaryStart({ ...options(), remote: 'catalog', version: '1.1.0', percent: 10 });
    await expect(rollback({ ...options(), remote: 'catalog' })).resolves.toMatchObject({
      candidate: true,
      from: '1.1.0',
      version: stable.version,
    });
    expect(registry().remotes.catalog.candidate).toBeUndefined();
    expect(registry().remotes.catalog.version).toBe(stable.version);
  });

  it("keeps another team's malformed candidate as the file has it when a command pins another remote", async () => {
    const pinned = registry();
    const malformed = { ...catalogAt('1.1.0'), percent: 0 };
    pinned.remotes.catalog = { ...pinned.remotes.catalog, candidate: malformed };
    writeFileSync(registryFile, JSON.stringify(pinned));
    publish(deployDir, 'auth', '1.1.0');
    await use({ ...options(), remote: 'auth', version: '1.1.0' });
    expect(registry().remotes.catalog.candidate).toEqual(malformed);
    expect(registry().remotes.auth.version).toBe('1.1.0');
  });

  it('refuses, the registry untouched: use beside a candidate, a candidate that changed since it was judged, and a promote of other bytes', async () => {
    publish(deployDir, 'catalog', '1.1.0');
    publish(deployDir, 'catalog', '1.2.0');
    await canaryStart({ ...options(), remote: 'catalog', version: '1.1.0', percent: 10 });
    const before = readFileSync(registryFile, 'utf8');
    await expect(use({ ...options(), remote: 'catalog', version: '1.2.0' })).rejects.toThrow(
      'catalog has candidate 1.1.0 at 10 %: promote or abort it first (remotes canary)',
    );
    const { started } = registry().remotes.catalog.candidate;
    await expect(
      canaryAbort({ ...options(), remote: 'catalog', expected: { version: '1.1.0', since: 'another time' } }),
    ).rejects.toThrow("catalog's candidate changed while it was judged: nothing done, judge it again");
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
    // The same version published again with other bytes (a store tampered with): not what its visitors ran.
    publish(deployDir, 'catalog', '1.1.0', { routes: [...ROUTE_TABLES.catalog].reverse() });
    await expect(
      canaryPromote({ ...options(), remote: 'catalog', expected: { version: '1.1.0', since: started } }),
    ).rejects.toThrow('refusing to promote catalog@1.1.0: its manifest is not the one its canary ran');
    expect(readFileSync(registryFile, 'utf8')).toBe(before);
  });

  it.each(['', '1.5', '101', 'ten'])('reads --percent %j as no share', (given) => {
    expect(() => parsePercent(given)).toThrow('--percent must be a whole number from 1 to 100');
  });
});

// The watch loop: a failing step is tried again at the next interval, and the third failure in a
// row stops the watch with its error (the candidate keeps its share meanwhile).
import { publish, useRemotesWorkspace } from '../test/remotes-test-workspace.mjs';
import { CliError } from './cli.mjs';
import { canaryAbort, canaryStart } from './canary-commands.mjs';
import { watchCanary } from './canary-watch.mjs';

const workspace = useRemotesWorkspace();
const { options } = workspace;
const unreachable = async () => {
  throw new CliError('Prometheus at http://127.0.0.1:9 did not answer');
};

describe('canary watch, when a step fails', () => {
  beforeEach(async () => {
    publish(workspace.current.deployDir, 'catalog', '1.1.0');
    await canaryStart({ ...options(), remote: 'catalog', version: '1.1.0', percent: 10 });
  });

  it('says so and tries again at the next interval', async () => {
    const lines = [];
    const step = await watchCanary({
      ...options(),
      remote: 'catalog',
      query: unreachable,
      intervalMs: 1000,
      log: (line) => lines.push(line),
      // Meanwhile someone aborts the candidate: the next step finds nothing to watch.
      sleep: () => canaryAbort({ ...options(), remote: 'catalog' }).then(() => undefined),
    });
    expect(lines).toEqual([
      '⚠ Prometheus at http://127.0.0.1:9 did not answer; trying again in 1 s',
      'catalog has no candidate to watch',
    ]);
    expect(step.action).toBe('done');
  });

  it('stops with the error after three failures in a row, and at once with --once', async () => {
    const lines = [];
    const watch = (once) =>
      watchCanary({
        ...options(),
        remote: 'catalog',
        query: unreachable,
        once,
        log: (line) => lines.push(line),
        sleep: async () => {},
      });
    await expect(watch(false)).rejects.toThrow('Prometheus at http://127.0.0.1:9 did not answer');
    expect(lines).toHaveLength(2);
    await expect(watch(true)).rejects.toThrow('did not answer');
    expect(lines).toHaveLength(2);
  });
});

import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchRegistry, type RegistryWatch } from './registry-watch.ts';
import { REGISTRY } from './test-collector.ts';

let dir: string;
let watch: RegistryWatch | undefined;
let warnings: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'registry-watch-'));
  warnings = [];
});

afterEach(() => {
  watch?.close();
  rmSync(dir, { recursive: true, force: true });
});

function start(file: string) {
  watch = watchRegistry(file, {
    intervalMs: 20,
    warn: (details) => warnings.push(details.reason),
    info: () => undefined,
  });
  return watch;
}

/** Until `check` holds, or two seconds pass. */
async function eventually(check: () => boolean) {
  const deadline = Date.now() + 2_000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

const versionsOf = (current: RegistryWatch, remote: string) => [
  ...(current.current().remotes.get(remote)?.versions ?? []),
];

const pinned = (version: string) => ({
  ...REGISTRY,
  remotes: { ...REGISTRY.remotes, auth: { ...REGISTRY.remotes.auth, version } },
});

describe('watchRegistry', () => {
  it('reads the registry again when it is written in place, and when it is replaced by a rename', async () => {
    const file = join(dir, 'remotes.json');
    writeFileSync(file, JSON.stringify(pinned('1.0.0')));
    const current = start(file);
    expect(versionsOf(current, 'auth')).toEqual(['1.0.0']);

    writeFileSync(file, JSON.stringify(pinned('1.1.0')));
    expect(await eventually(() => versionsOf(current, 'auth')[0] === '1.1.0')).toBe(true);

    // How the CLI writes it: a whole new file renamed over the old one.
    writeFileSync(join(dir, 'next.json'), JSON.stringify(pinned('1.2.0')));
    renameSync(join(dir, 'next.json'), file);
    expect(await eventually(() => versionsOf(current, 'auth')[0] === '1.2.0')).toBe(true);
  });

  it('keeps the last labels while the file is broken, and says why', async () => {
    const file = join(dir, 'remotes.json');
    writeFileSync(file, JSON.stringify(pinned('1.0.0')));
    const current = start(file);
    writeFileSync(file, '{"remotes":');
    expect(await eventually(() => warnings.includes('it is not JSON'))).toBe(true);
    writeFileSync(file, JSON.stringify({ remotes: [] }));
    expect(await eventually(() => warnings.includes('remotes'))).toBe(true);
    expect(versionsOf(current, 'auth')).toEqual(['1.0.0']);
  });

  it('starts with nothing known when the file is missing, and reads it once it is there', async () => {
    const file = join(dir, 'later.json');
    const current = start(file);
    expect([current.current().environment, current.current().remotes.size, warnings]).toEqual([
      undefined,
      0,
      ['it does not exist'],
    ]);
    writeFileSync(file, JSON.stringify(REGISTRY));
    expect(await eventually(() => current.current().environment === 'preview')).toBe(true);
  });
});

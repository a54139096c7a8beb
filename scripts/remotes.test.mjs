import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useAzurite } from './test/azurite-test-server.mjs';
import { PREVIEW_ORIGINS, initStorage } from './lib/init-storage.mjs';
import { registryPath } from './lib/registry-file.mjs';
import { CORS_RULE_MARK, corsRuleFor } from './lib/storage-cors.mjs';
import { blobUrlOf } from './lib/storage-blob.mjs';
import { openStorage } from './lib/storage.mjs';
import { WORKSPACE_ROOT } from './lib/workspace.mjs';

const azurite = useAzurite('unused');

/** `npm run remotes -- <args>` against the test's Azurite. */
const remotes = (...args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(WORKSPACE_ROOT, 'scripts/remotes.mjs'), ...args], {
      // Jest gives the test its own process.env: passed on as the command's environment.
      env: { ...process.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });

describe('remotes init-storage', () => {
  // Each of these four has a container of its own and waits mostly on the command's process: they
  // run at the same time. The tests after them see the containers they made, and the account's CORS
  // rules only once they are done.
  it.concurrent(
    'makes a container whose blobs browsers read, never its listing, and a registry pinned at its URL; again: nothing changes',
    async () => {
      const first = await remotes('init-storage', 'azblob://teams/preview', '--env', 'preview');
      expect(first.code).toBe(0);
      const again = await remotes('init-storage', 'azblob://teams/preview', '--env', 'preview');
      expect([again.code, again.output]).toEqual([0, expect.stringContaining('already there, left as it is')]);

      const stored = await openStorage('azblob://teams/preview').read('remotes.preview.json');
      const source = JSON.parse(readFileSync(registryPath('preview'), 'utf8'));
      expect(JSON.parse(stored.bytes.toString('utf8'))).toEqual({
        ...source,
        deployBaseUrl: `${azurite.current.endpoint}/teams/preview/`,
        allowedOverrideOrigins: [],
      });
      const container = await blobUrlOf('azblob://teams');
      expect((await fetch(`${container}/preview/remotes.preview.json`)).status).toBe(200);
      expect((await fetch(`${container}?restype=container&comp=list`)).ok).toBe(false);
    },
  );

  it.concurrent(
    'leaves the access of a container it did not create as it is, saying so; --make-public makes its blobs public',
    async () => {
      const { BlobServiceClient } = await import('@azure/storage-blob');
      const service = BlobServiceClient.fromConnectionString(azurite.current.connectionString);
      await service.getContainerClient('private').create();
      await openStorage('azblob://private').createIfAbsent('secret.json', '{}');
      const blob = `${await blobUrlOf('azblob://private')}/secret.json`;
      const kept = await remotes('init-storage', 'azblob://private');
      expect(kept.code).toBe(0);
      expect(kept.output).toContain(
        '⚠ azblob://private is private, so browsers cannot read it: left so, since it was not created here; --make-public makes its blobs (never its listing) public',
      );
      expect((await fetch(blob)).ok).toBe(false);
      const opened = await remotes('init-storage', 'azblob://private', '--make-public');
      expect([opened.code, opened.output]).toEqual([0, expect.not.stringContaining('⚠')]);
      expect((await fetch(blob)).ok).toBe(true);
    },
  );

  it.concurrent('takes the listing away from a container made listable elsewhere only with --make-public', async () => {
    const { BlobServiceClient } = await import('@azure/storage-blob');
    const service = BlobServiceClient.fromConnectionString(azurite.current.connectionString);
    await service.getContainerClient('listable').create({ access: 'container' });
    const container = await blobUrlOf('azblob://listable');
    const listable = async () => (await fetch(`${container}?restype=container&comp=list`)).ok;
    const kept = await remotes('init-storage', 'azblob://listable');
    expect([kept.code, kept.output]).toEqual([
      0,
      expect.stringContaining('⚠ azblob://listable lets anyone list its blobs'),
    ]);
    expect(await listable()).toBe(true);
    expect((await remotes('init-storage', 'azblob://listable', '--make-public')).code).toBe(0);
    expect(await listable()).toBe(false);
  });

  it.concurrent('starts a registry with no override origin, whatever the file it copies allows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devhub-init-storage-'));
    try {
      const source = JSON.parse(readFileSync(registryPath('preview'), 'utf8'));
      writeFileSync(
        registryPath('staging', dir),
        JSON.stringify({ ...source, allowedOverrideOrigins: ['http://localhost:3001', 'https://cdn.example'] }),
      );
      const lines = [];
      const log = (line) => lines.push(line);
      await initStorage('azblob://seeded/team', {
        env: 'staging',
        sites: [],
        replace: false,
        makePublic: false,
        registryDir: dir,
        log,
        warn: log,
      });
      const stored = await openStorage('azblob://seeded/team').read('remotes.staging.json');
      expect(JSON.parse(stored.bytes.toString('utf8')).allowedOverrideOrigins).toEqual([]);
      expect(lines.at(-1)).toMatch(
        /^azblob:\/\/seeded\/team\/remotes\.staging\.json: copied from \S+ with no override origin/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start a store as the local environment, in one line', async () => {
    const { code, output } = await remotes('init-storage', 'azblob://teams/local', '--env', 'local');
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(/^remotes: init-storage --env local: a store is never the local environment/),
    ]);
    await expect(openStorage('azblob://teams/local').read('remotes.json')).resolves.toBeUndefined();
  });

  describe("a real site's origins (--allow-origin)", () => {
    const SITE = 'https://devhub.example.com';
    const WWW = 'https://www.devhub.example.com';
    const OTHER = 'https://other.example.org';
    const CDN_RULE = {
      allowedOrigins: 'https://cdn.example.net',
      allowedMethods: 'GET',
      allowedHeaders: '',
      exposedHeaders: '',
      maxAgeInSeconds: 60,
    };
    let service;
    let blobUrl;

    beforeAll(async () => {
      const { BlobServiceClient } = await import('@azure/storage-blob');
      service = BlobServiceClient.fromConnectionString(azurite.current.connectionString);
      // A rule some other tool set on the account: init-storage must keep it.
      await service.setProperties({ ...(await service.getProperties()), cors: [CDN_RULE] });
      await remotes('init-storage', 'azblob://sites');
      await openStorage('azblob://sites').createIfAbsent('remotes.json', '{}');
      blobUrl = `${await blobUrlOf('azblob://sites')}/remotes.json`;
    });

    const rules = async () => (await service.getProperties()).cors ?? [];
    const ownRules = async () => (await rules()).filter((rule) => rule.exposedHeaders.includes(CORS_RULE_MARK));
    /** The origin a browser on `origin` is allowed to read the blob from (none: undefined). */
    const allowedFor = async (origin) =>
      (await fetch(blobUrl, { headers: { Origin: origin } })).headers.get('access-control-allow-origin') ?? undefined;

    it('lets those origins read the store, in one rule of its own; run again, the same rules', async () => {
      const args = ['init-storage', 'azblob://sites', '--allow-origin', SITE, '--allow-origin', WWW];
      const { code, output } = await remotes(...args);
      expect(code).toBe(0);
      expect(output).toContain(`  + ${SITE} allowed\n  + ${WWW} allowed\n`);
      const first = await rules();
      expect(await remotes(...args)).toMatchObject({ code: 0 });
      expect(await rules()).toEqual(first);

      expect(first).toHaveLength(2);
      expect(first).toContainEqual(expect.objectContaining(CDN_RULE));
      const [own] = await ownRules();
      expect(own.allowedOrigins.split(',').sort()).toEqual([SITE, ...PREVIEW_ORIGINS, WWW].sort());
      expect(PREVIEW_ORIGINS).toEqual(['https://localhost:3000']);
      expect([await allowedFor(SITE), await allowedFor(WWW), await allowedFor(OTHER)]).toEqual([SITE, WWW, undefined]);
    });

    it('keeps the origins it allowed before (CORS rules belong to the account), adds new ones, and says which', async () => {
      await remotes('init-storage', 'azblob://sites', '--allow-origin', SITE);
      const preview = await remotes('init-storage', 'azblob://sites');
      expect(preview).toMatchObject({ code: 0 });
      expect(preview.output).not.toMatch(/ allowed\n| no longer allowed/);
      expect(await allowedFor(SITE)).toBe(SITE);

      const added = await remotes('init-storage', 'azblob://sites', '--allow-origin', OTHER);
      expect(added.output).toContain(`  + ${OTHER} allowed\n`);
      expect(added.output).not.toContain('no longer allowed');
      expect([await allowedFor(SITE), await allowedFor(OTHER)]).toEqual([SITE, OTHER]);
      expect(await rules()).toHaveLength(2);
      expect(await rules()).toContainEqual(expect.objectContaining(CDN_RULE));
    });

    it('with --replace-origins allows exactly the preview and the given origins, naming each one removed', async () => {
      await remotes('init-storage', 'azblob://sites', '--allow-origin', SITE, '--allow-origin', WWW);
      const replaced = await remotes('init-storage', 'azblob://sites', '--replace-origins', '--allow-origin', OTHER);
      expect(replaced.code).toBe(0);
      expect(replaced.output).toContain(`  - ${SITE} no longer allowed\n  - ${WWW} no longer allowed\n`);
      expect([await allowedFor(OTHER), await allowedFor(SITE), await allowedFor(WWW)]).toEqual([
        OTHER,
        undefined,
        undefined,
      ]);
      const own = await ownRules();
      expect(own).toHaveLength(1);
      expect(own[0].allowedOrigins.split(',').sort()).toEqual([...PREVIEW_ORIGINS, OTHER].sort());
      expect(await rules()).toContainEqual(expect.objectContaining(CDN_RULE));
    });

    it('drops the http and loopback origins an earlier init-storage allowed, naming each, and keeps the sites', async () => {
      const earlier = [
        'http://localhost:3000',
        'http://127.0.0.1:3000',
        'https://127.0.0.1:3000',
        'https://localhost:3000',
        SITE,
      ];
      const others = (await rules()).filter((rule) => !rule.exposedHeaders.includes(CORS_RULE_MARK));
      await service.setProperties({ ...(await service.getProperties()), cors: [...others, corsRuleFor(earlier)] });
      const { code, output } = await remotes('init-storage', 'azblob://sites');
      expect(code).toBe(0);
      expect(output).toContain(
        '  - http://127.0.0.1:3000 no longer allowed\n  - http://localhost:3000 no longer allowed\n  - https://127.0.0.1:3000 no longer allowed\n',
      );
      const [own] = await ownRules();
      expect(own.allowedOrigins.split(',').sort()).toEqual([...PREVIEW_ORIGINS, SITE].sort());
      expect([await allowedFor('http://localhost:3000'), await allowedFor(SITE)]).toEqual([undefined, SITE]);
    });

    it('says in one line that the account has no room for its rule when other tools hold all five', async () => {
      const own = await ownRules();
      await service.setProperties({
        ...(await service.getProperties()),
        cors: [1, 2, 3, 4, 5].map((n) => ({ ...CDN_RULE, allowedOrigins: `https://cdn${n}.example.net` })),
      });
      try {
        const { code, output } = await remotes('init-storage', 'azblob://sites', '--allow-origin', SITE);
        expect(code).toBe(1);
        expect(output.trim().split('\n')).toEqual([
          expect.stringMatching(
            /^remotes: azblob:\/\/sites: the account already has 5 CORS rules of other tools, the most Azure Storage allows \(5\); remove one, or add .*https:\/\/devhub\.example\.com.* to one of them/,
          ),
        ]);
      } finally {
        await service.setProperties({ ...(await service.getProperties()), cors: [CDN_RULE, ...own] });
      }
    });

    it.each([
      ['https://devhub.example.com/app', ' (did you mean https://devhub.example.com?)'],
      ['ftp://devhub.example.com', ''],
      ['devhub.example.com', ''],
      ['https://Devhub.example.com', ' (did you mean https://devhub.example.com?)'],
      ['http://devhub.example.com', ' (did you mean https://devhub.example.com?)'],
      ['https://127.0.0.1:3000', ''],
      ['https://localhost:8443', ''],
      ['https://[::1]', ''],
    ])('refuses %s in one line (exit 1), the rules untouched', async (origin, hint) => {
      const before = await rules();
      const { code, output } = await remotes('init-storage', 'azblob://sites', '--allow-origin', origin);
      expect(code).toBe(1);
      expect(output.trim().split('\n')).toEqual([
        `remotes: --allow-origin ${origin} is not a site's origin: give https://<host>[:<port>] with no path, not this machine, e.g. https://devhub.example.com${hint}`,
      ]);
      expect(await rules()).toEqual(before);
    });
  });
});

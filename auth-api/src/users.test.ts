import Database from 'better-sqlite3';
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireInstanceLock, InstanceLockedError, LOCK_FILE } from './instance-lock.ts';
import { holdWriteLock } from './test-process.ts';
import { makeDataDir, removeDataDir } from './test-server.ts';
import { DATABASE_FILE, DuplicateAccountError, openUserStore, StoreBusyError, type UserStore } from './users.ts';

const USER = { displayName: 'An', username: 'an', email: 'an@example.vn', passwordHash: 'scrypt$hash' };

let dataDir: string;
let store: UserStore | undefined;

beforeEach(() => {
  dataDir = makeDataDir();
});

afterEach(() => {
  store?.close();
  store = undefined;
  removeDataDir(dataDir);
});

const databaseFile = () => join(dataDir, DATABASE_FILE);
const mode = (file: string) => statSync(file).mode & 0o777;

describe('user ids', () => {
  it('gives every user a random public id and never hands a row id out twice', () => {
    store = openUserStore(dataDir);
    const first = store.create(USER);
    const second = store.create({ ...USER, username: 'binh', email: 'binh@example.vn' });
    expect(first.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.uid).not.toBe(first.uid);

    const raw = new Database(databaseFile());
    raw.prepare('DELETE FROM users WHERE id = ?').run(second.id);
    raw.close();
    const third = store.create({ ...USER, username: 'chi', email: 'chi@example.vn' });
    expect(third.id).toBeGreaterThan(second.id);
    expect(store.findByUid(second.uid)).toBeUndefined();
    expect(store.findByUid(third.uid)).toMatchObject({ username: 'chi' });
  });

  it('upgrades a database of the first schema: ids kept, uids given, keys recomputed', () => {
    const raw = new Database(databaseFile());
    raw.exec(`CREATE TABLE users (
        id INTEGER PRIMARY KEY, username TEXT NOT NULL, username_key TEXT NOT NULL, email TEXT NOT NULL,
        email_key TEXT NOT NULL, display_name TEXT NOT NULL, password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))) STRICT;
      CREATE UNIQUE INDEX users_username_key ON users (username_key COLLATE NOCASE);
      CREATE UNIQUE INDEX users_email_key ON users (email_key COLLATE NOCASE);
      INSERT INTO users (id, username, username_key, email, email_key, display_name, password_hash)
        VALUES (1, 'An', 'an', 'an@example.vn', 'an@example.vn', 'An', 'h1'),
               (7, 'straße', 'straße', 's@example.vn', 's@example.vn', 'S', 'h7');
      PRAGMA user_version = 3;`);
    raw.close();

    store = openUserStore(dataDir);
    expect(store.findByUsername('AN')).toMatchObject({ id: 1, username: 'An', passwordHash: 'h1' });
    expect(store.findByUsername('STRASSE')).toMatchObject({ id: 7, username: 'straße' });
    const uid = store.findByUsername('an')?.uid ?? '';
    expect(uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.findByUid(uid)).toMatchObject({ id: 1 });
    expect(store.create({ ...USER, username: 'binh', email: 'binh@example.vn' }).id).toBe(8);
    expect(() => store?.create({ ...USER, username: 'strasse', email: 'x@example.vn' })).toThrow(DuplicateAccountError);
  });
});

describe('files', () => {
  it('keeps the database, its WAL and shared-memory files owner-only in a world-readable folder', () => {
    chmodSync(dataDir, 0o755);
    store = openUserStore(dataDir);
    store.create(USER);
    for (const file of [databaseFile(), `${databaseFile()}-wal`, `${databaseFile()}-shm`]) {
      expect([file, mode(file)]).toEqual([file, 0o600]);
    }
  });

  it('tightens files an earlier version left world-readable', () => {
    store = openUserStore(dataDir);
    store.close();
    for (const suffix of ['', '-wal', '-shm']) {
      writeFileSync(`${databaseFile()}${suffix}`, '', { flag: 'a' });
      chmodSync(`${databaseFile()}${suffix}`, 0o644);
    }
    store = openUserStore(dataDir);
    for (const suffix of ['', '-wal', '-shm']) expect(mode(`${databaseFile()}${suffix}`)).toBe(0o600);
  });

  it('creates a missing data folder owner-only', () => {
    const nested = join(dataDir, 'nested');
    store = openUserStore(nested);
    expect(mode(nested)).toBe(0o700);
  });
});

describe('revoked tokens', () => {
  const revokedRows = () => {
    const raw = new Database(databaseFile(), { readonly: true });
    const rows = raw.prepare('SELECT jti, expires_at AS expiresAt FROM revoked_tokens ORDER BY jti').all();
    raw.close();
    return rows;
  };

  it('refuses a revoked token id until its expiry, then forgets it at the next revocation', () => {
    store = openUserStore(dataDir);
    store.revokeToken('jti-1', 1_000, 500);
    store.revokeToken('jti-1', 1_000, 600);
    expect(store.isTokenRevoked('jti-1')).toBe(true);
    expect(store.isTokenRevoked('jti-2')).toBe(false);

    store.revokeToken('jti-2', 3_000, 1_000);
    expect(revokedRows()).toEqual([{ jti: 'jti-2', expiresAt: 3_000 }]);
    expect(store.isTokenRevoked('jti-1')).toBe(false);
  });

  it('keeps no row for a token that has already expired', () => {
    store = openUserStore(dataDir);
    store.revokeToken('jti-old', 1_000, 1_000);
    expect(revokedRows()).toEqual([]);
  });

  it('keeps revocations across a restart', () => {
    store = openUserStore(dataDir);
    store.revokeToken('jti-1', 2_000, 1_000);
    store.close();
    store = openUserStore(dataDir);
    expect(store.isTokenRevoked('jti-1')).toBe(true);
  });
});

describe('locks', () => {
  it('gives up with StoreBusyError, writing nothing, when another process holds the write lock', async () => {
    store = openUserStore(dataDir);
    const holder = await holdWriteLock(databaseFile());
    try {
      // busy_timeout bounds the wait; a wait without it would never end while the lock is held.
      expect(() => store?.create(USER)).toThrow(StoreBusyError);
      expect(() => store?.revokeToken('jti-1', 2_000, 1_000)).toThrow(StoreBusyError);
      expect(store.findByUsername('an')).toBeUndefined();
    } finally {
      await holder.release();
    }
    expect(store.create(USER).username).toBe('an');
  });

  it('lets one API at a time use a data folder', () => {
    mkdirSync(dataDir, { recursive: true });
    const first = acquireInstanceLock(dataDir);
    expect(() => acquireInstanceLock(dataDir)).toThrow(InstanceLockedError);
    expect(() => acquireInstanceLock(dataDir)).toThrow(
      `another auth-api is already running on the data folder ${dataDir}`,
    );
    first.release();
    acquireInstanceLock(dataDir).release();
    expect(mode(join(dataDir, LOCK_FILE))).toBe(0o600);
  });
});

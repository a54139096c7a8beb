import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ownerOnlyFile, ownerOnlyIfPresent } from './owner-only.ts';
import { accountKey } from './validation.ts';

export const DATABASE_FILE = 'auth.sqlite3';

/**
 * better-sqlite3 is synchronous: while SQLite waits for a lock another process holds, the whole
 * server waits with it, health checks included. A short wait rides out a checkpoint; anything
 * longer is answered 503 so the client retries.
 */
export const BUSY_TIMEOUT_MS = 200;

/**
 * Checkpoint every 256 pages (1 MiB at SQLite's 4 KiB pages) instead of the default 1,000, and cut
 * the WAL file back to 1 MiB after a checkpoint, so it stays small beside a small database.
 */
const WAL_AUTOCHECKPOINT_PAGES = 256;
const JOURNAL_SIZE_LIMIT_BYTES = 1024 * 1024;

export interface UserRecord {
  /** Internal row id (AUTOINCREMENT: never handed out twice). */
  id: number;
  /** Public id, random: the token subject. */
  uid: string;
  username: string;
  displayName: string;
  email: string;
  passwordHash: string;
}

export interface NewUser {
  displayName: string;
  username: string;
  email: string;
  passwordHash: string;
}

export class DuplicateAccountError extends Error {
  constructor() {
    super('username or email already registered');
    this.name = 'DuplicateAccountError';
  }
}

/** Another connection held a lock past BUSY_TIMEOUT_MS; the same request may succeed a moment later. */
export class StoreBusyError extends Error {
  constructor(options?: ErrorOptions) {
    super('the database is locked by another connection', options);
    this.name = 'StoreBusyError';
  }
}

export interface UserStore {
  /** Throws DuplicateAccountError when the username or email is taken, whatever their spelling. */
  create(user: NewUser): UserRecord;
  findByUsername(username: string): UserRecord | undefined;
  findByUid(uid: string): UserRecord | undefined;
  /**
   * Refuses the token `jti` from now until it expires (`expiresAt`, seconds since the epoch), and
   * forgets the revocations of tokens that have expired by `now`: those are refused anyway.
   */
  revokeToken(jti: string, expiresAt: number, now: number): void;
  isTokenRevoked(jti: string): boolean;
  isHealthy(): boolean;
  close(): void;
}

interface UserRow {
  id: number;
  uid: string;
  username: string;
  display_name: string;
  email: string;
  password_hash: string;
}

/** Applied in order, once each; `PRAGMA user_version` counts those already applied. */
const MIGRATIONS = [
  `CREATE TABLE users (
     id INTEGER PRIMARY KEY,
     username TEXT NOT NULL,
     username_key TEXT NOT NULL,
     email TEXT NOT NULL,
     email_key TEXT NOT NULL,
     display_name TEXT NOT NULL,
     password_hash TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   ) STRICT`,
  'CREATE UNIQUE INDEX users_username_key ON users (username_key COLLATE NOCASE)',
  'CREATE UNIQUE INDEX users_email_key ON users (email_key COLLATE NOCASE)',
  // A plain INTEGER PRIMARY KEY hands a deleted row's id to the next insert, and tokens named that
  // id: a deleted user's token opened the next user's account. Rows now get an AUTOINCREMENT id and
  // a random public id for tokens. Keys are recomputed with today's accountKey. Tokens issued
  // before this migration name no uid and stop working: their holders sign in again.
  `CREATE TABLE users_v2 (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     uid TEXT NOT NULL,
     username TEXT NOT NULL,
     username_key TEXT NOT NULL,
     email TEXT NOT NULL,
     email_key TEXT NOT NULL,
     display_name TEXT NOT NULL,
     password_hash TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
   ) STRICT;
   INSERT INTO users_v2 (id, uid, username, username_key, email, email_key, display_name, password_hash, created_at)
     SELECT id, random_uuid(), username, account_key(username), email, account_key(email), display_name,
            password_hash, created_at
     FROM users ORDER BY id;
   DROP TABLE users;
   ALTER TABLE users_v2 RENAME TO users;
   -- The database, not a check-then-insert in code, keeps two concurrent sign-ups of one name apart.
   CREATE UNIQUE INDEX users_uid ON users (uid);
   CREATE UNIQUE INDEX users_username_key ON users (username_key);
   CREATE UNIQUE INDEX users_email_key ON users (email_key);`,
  // Signed-out tokens, refused until they expire. A row is kept only that long, so the table holds
  // at most one day of sign-outs at the default token lifetime.
  `CREATE TABLE revoked_tokens (
     jti TEXT PRIMARY KEY,
     expires_at INTEGER NOT NULL
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX revoked_tokens_expires_at ON revoked_tokens (expires_at);`,
];

const COLUMNS = 'id, uid, username, display_name, email, password_hash';

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    uid: row.uid,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    passwordHash: row.password_hash,
  };
}

function sqliteCode(error: unknown): string {
  return String((error as { code?: unknown }).code ?? '');
}

function isBusy(error: unknown): boolean {
  const code = sqliteCode(error);
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

/** Runs one database call, turning "locked by another connection" into StoreBusyError. */
function guarded<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (isBusy(error)) throw new StoreBusyError({ cause: error });
    throw error;
  }
}

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    throw new Error(`the database is at schema version ${version}, newer than this auth-api (${MIGRATIONS.length})`);
  }
  if (version === MIGRATIONS.length) return;
  try {
    db.transaction(() => {
      MIGRATIONS.slice(version).forEach((sql) => db.exec(sql));
      db.pragma(`user_version = ${MIGRATIONS.length}`);
    }).immediate();
  } catch (error) {
    if (sqliteCode(error) === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw new Error(
        'cannot upgrade the database: two accounts have the same username or email once compared by accountKey; ' +
          'rename one of them with sqlite3 and restart',
        { cause: error },
      );
    }
    throw error;
  }
}

export function openUserStore(dataDir: string): UserStore {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, DATABASE_FILE);
  // SQLite gives the -wal and -shm files the database file's mode, so one owner-only file covers all three.
  ownerOnlyFile(file);
  ownerOnlyIfPresent(`${file}-wal`);
  ownerOnlyIfPresent(`${file}-shm`);

  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    // WAL keeps every committed transaction durable across a crash of this process; NORMAL only
    // risks the last ones on power loss, which a local dev API can afford.
    db.pragma('synchronous = NORMAL');
    db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    db.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
    db.pragma('foreign_keys = ON');
    db.function('account_key', { deterministic: true }, (value: unknown) => accountKey(String(value)));
    db.function('random_uuid', () => randomUUID());
    guarded(() => migrate(db));
    // A WAL left by a crash is folded back in at once rather than at the next autocheckpoint.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (error) {
    db.close();
    if (error instanceof StoreBusyError) {
      throw new Error(`${file} is locked by another process; stop it and retry`, { cause: error });
    }
    throw error;
  }

  // Every statement below runs to completion (`run`, or `get` on a SELECT): a statement left
  // mid-way keeps a read snapshot open, and no checkpoint can then reset the WAL.
  const insert = db.prepare<[string, string, string, string, string, string, string]>(
    `INSERT INTO users (uid, username, username_key, email, email_key, display_name, password_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const byUsername = db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE username_key = ?`);
  const byUid = db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE uid = ?`);
  const ping = db.prepare<[], { ok: number }>('SELECT 1 AS ok');
  const purgeRevoked = db.prepare<[number]>('DELETE FROM revoked_tokens WHERE expires_at <= ?');
  const insertRevoked = db.prepare<[string, number]>(
    'INSERT INTO revoked_tokens (jti, expires_at) VALUES (?, ?) ON CONFLICT (jti) DO NOTHING',
  );
  const revoked = db.prepare<[string], { found: number }>('SELECT 1 AS found FROM revoked_tokens WHERE jti = ?');
  const revoke = db.transaction((jti: string, expiresAt: number, now: number) => {
    purgeRevoked.run(now);
    if (expiresAt > now) insertRevoked.run(jti, expiresAt);
  });

  return {
    create(user) {
      const uid = randomUUID();
      try {
        const { lastInsertRowid } = guarded(() =>
          insert.run(
            uid,
            user.username,
            accountKey(user.username),
            user.email,
            accountKey(user.email),
            user.displayName,
            user.passwordHash,
          ),
        );
        return { id: Number(lastInsertRowid), uid, ...user };
      } catch (error) {
        if (sqliteCode(error) === 'SQLITE_CONSTRAINT_UNIQUE') throw new DuplicateAccountError();
        throw error;
      }
    },
    findByUsername(username) {
      const row = guarded(() => byUsername.get(accountKey(username)));
      return row && toRecord(row);
    },
    findByUid(uid) {
      const row = guarded(() => byUid.get(uid));
      return row && toRecord(row);
    },
    revokeToken(jti, expiresAt, now) {
      guarded(() => revoke.immediate(jti, expiresAt, now));
    },
    isTokenRevoked(jti) {
      return guarded(() => revoked.get(jti)) !== undefined;
    },
    isHealthy() {
      return ping.get()?.ok === 1;
    },
    close() {
      if (db.open) db.close();
    },
  };
}

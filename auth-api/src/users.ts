import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { accountKey } from './validation.ts';

export const DATABASE_FILE = 'auth.sqlite3';

export interface UserRecord {
  id: number;
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

export interface UserStore {
  /** Throws DuplicateAccountError when the username or email is taken, whatever their case. */
  create(user: NewUser): UserRecord;
  findByUsername(username: string): UserRecord | undefined;
  findById(id: number): UserRecord | undefined;
  isHealthy(): boolean;
  close(): void;
}

interface UserRow {
  id: number;
  username: string;
  display_name: string;
  email: string;
  password_hash: string;
}

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
  // The database, not a check-then-insert in code, is what keeps two concurrent sign-ups of one
  // name apart. Keys are case-folded in JS (Unicode-aware); NOCASE adds SQLite's own folding.
  'CREATE UNIQUE INDEX users_username_key ON users (username_key COLLATE NOCASE)',
  'CREATE UNIQUE INDEX users_email_key ON users (email_key COLLATE NOCASE)',
];

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    passwordHash: row.password_hash,
  };
}

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  db.transaction(() => {
    MIGRATIONS.slice(version).forEach((sql) => db.exec(sql));
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}

export function openUserStore(dataDir: string): UserStore {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new Database(join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  // WAL keeps every committed transaction durable across a crash of this process; NORMAL only
  // risks the last ones on power loss, which a local dev API can afford.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db);

  const insert = db.prepare<[string, string, string, string, string, string], UserRow>(
    `INSERT INTO users (username, username_key, email, email_key, display_name, password_hash)
     VALUES (?, ?, ?, ?, ?, ?)
     RETURNING id, username, display_name, email, password_hash`,
  );
  const byUsername = db.prepare<[string], UserRow>(
    'SELECT id, username, display_name, email, password_hash FROM users WHERE username_key = ? COLLATE NOCASE',
  );
  const byId = db.prepare<[number], UserRow>(
    'SELECT id, username, display_name, email, password_hash FROM users WHERE id = ?',
  );
  const ping = db.prepare<[], { ok: number }>('SELECT 1 AS ok');

  return {
    create(user) {
      try {
        const row = insert.get(
          user.username,
          accountKey(user.username),
          user.email,
          accountKey(user.email),
          user.displayName,
          user.passwordHash,
        );
        if (!row) throw new Error('INSERT … RETURNING returned no row');
        return toRecord(row);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new DuplicateAccountError();
        throw error;
      }
    },
    findByUsername(username) {
      const row = byUsername.get(accountKey(username));
      return row && toRecord(row);
    },
    findById(id) {
      const row = byId.get(id);
      return row && toRecord(row);
    },
    isHealthy() {
      return ping.get()?.ok === 1;
    },
    close() {
      if (db.open) db.close();
    },
  };
}

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ownerOnlyFile } from './owner-only.ts';

export const LOCK_FILE = 'auth-api.lock';

export class InstanceLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `another auth-api is already running on the data folder ${dataDir}: stop it, or give this one another AUTH_API_DATA_DIR`,
    );
    this.name = 'InstanceLockedError';
  }
}

export interface InstanceLock {
  release(): void;
}

/**
 * One API per data folder: two would each keep their own rate-limit counters and contend for the
 * database's write lock. The guard is an exclusive transaction held open on a small SQLite file:
 * the operating system drops that lock when the process ends, however it ends, so a `kill -9`
 * leaves no stale lock to clean up (a PID file would).
 */
export function acquireInstanceLock(dataDir: string): InstanceLock {
  const file = join(dataDir, LOCK_FILE);
  ownerOnlyFile(file);
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 0');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')) throw new InstanceLockedError(dataDir);
    throw error;
  }
  return {
    release() {
      if (db.open) db.close();
    },
  };
}

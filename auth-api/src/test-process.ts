import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

// Jest runs tests as CommonJS, where __dirname is this folder.
const PACKAGE_DIR = dirname(__dirname);
const REGISTER_TS = join(__dirname, 'test-register-ts.cjs');
const START_TIMEOUT_MS = 15_000;

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook, no checkpoint, no close. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function spawnApi(dataDir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['-r', REGISTER_TS, '-e', "require('./src/test-main.ts')"], {
    cwd: PACKAGE_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      AUTH_API_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
}

/** The API in a process of its own (sources compiled on the fly), resolved once it listens. */
export async function startApiProcess(dataDir: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const child = spawnApi(dataDir, env);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`auth-api did not start within ${START_TIMEOUT_MS} ms: ${stderr}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`auth-api exited with code ${code}: ${stderr}`));
    });
    lines.on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'auth-api ready' && entry.port) {
        clearTimeout(timer);
        resolve(entry.port);
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** Starts the API expecting it to refuse to start; resolves with its exit code and stderr. */
export async function runApiToExit(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  const child = spawnApi(dataDir, env);
  child.stdout?.resume();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  await exited(child);
  clearTimeout(timer);
  return { code: child.exitCode, stderr };
}

/**
 * Another process (as a `sqlite3` shell would) holding the database's write lock until released.
 */
export async function holdWriteLock(databaseFile: string): Promise<{ release(): Promise<void> }> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    process.stdin.on('end', () => process.exit(0)).resume();
  `;
  const child = spawn(process.execPath, ['-e', script, databaseFile], {
    cwd: PACKAGE_DIR,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  if (line !== 'locked') throw new Error(`lock holder said ${line}`);
  return {
    async release() {
      child.stdin?.end();
      await exited(child);
    },
  };
}

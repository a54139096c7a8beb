import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startServer, type ServerOptions } from './server.ts';

export interface RunningApi {
  url: string;
  dataDir: string;
  app: FastifyInstance;
  request(
    method: string,
    path: string,
    init?: { json?: unknown; body?: string; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    headers: Headers;
    body: Record<string, unknown>;
  }>;
  close(): Promise<void>;
}

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'auth-api-test-'));
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** The real server over real HTTP on a free port, with its database in `dataDir`. */
export async function runApi(dataDir: string, options: Partial<ServerOptions> = {}): Promise<RunningApi> {
  const app = await startServer({ dataDir, logLevel: 'silent', port: 0, host: '127.0.0.1', ...options });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server is not listening on TCP');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    dataDir,
    app,
    async request(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(init.json);
      }
      const response = await fetch(`${url}${path}`, { method, headers, body });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
    },
    close: () => app.close(),
  };
}

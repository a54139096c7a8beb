import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MIN_SCRYPT_COST } from './passwords.ts';
import { startServer, type ServerOptions } from './server.ts';

export interface RequestInit {
  json?: unknown;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The client's own address, e.g. "127.0.0.2" (any 127.x address works on Linux loopback). */
  localAddress?: string;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface RunningApi {
  url: string;
  dataDir: string;
  app: FastifyInstance;
  request(method: string, path: string, init?: RequestInit): Promise<TestResponse>;
  close(): Promise<void>;
}

/** One HTTP request on its own connection (node:http, because fetch cannot choose its local address). */
export function httpRequest(url: string, method: string, init: RequestInit = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | Buffer | undefined = init.body;
  if (init.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.json);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, localAddress: init.localAddress, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve({ status: response.statusCode ?? 0, headers: responseHeaders, body: text ? JSON.parse(text) : {} });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'auth-api-test-'));
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The real server over real HTTP on a free port, with its database in `dataDir`. Passwords are
 * hashed at the cheapest scrypt cost (a default-cost hash takes up to 400 ms on a busy 2-core
 * machine); passwords.test.ts covers the default.
 */
export async function runApi(dataDir: string, options: Partial<ServerOptions> = {}): Promise<RunningApi> {
  const app = await startServer({
    dataDir,
    logLevel: 'silent',
    port: 0,
    host: '127.0.0.1',
    scryptCost: MIN_SCRYPT_COST,
    ...options,
  });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server is not listening on TCP');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    dataDir,
    app,
    request: (method, path, init) => httpRequest(`${url}${path}`, method, init),
    close: () => app.close(),
  };
}

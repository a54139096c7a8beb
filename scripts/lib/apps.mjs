// The workspace's apps, their ports (DESIGN.md) and where their builds land.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const APPS = [
  { id: 'shell', dir: 'shell', port: 3000, kind: 'host' },
  { id: 'catalog', dir: 'remote-catalog', port: 3001, kind: 'remote' },
  { id: 'auth', dir: 'remote-auth', port: 3002, kind: 'remote' },
  { id: 'account', dir: 'remote-account', port: 3003, kind: 'remote' },
];

export const API = { id: 'auth-api', dir: 'auth-api', port: 4000 };

export function appDir(app) {
  return join(ROOT, app.dir);
}

// Small helpers the browser tests share.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** One hash over every file name and byte below `dir`: proves a build output was not touched. */
export function hashTree(dir) {
  const hash = createHash('sha256');
  const walk = (current) => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(name).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** Listens on loopback `port` (0: any) and closes again: the port it got, or undefined if it is taken. */
function tryPort(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error)));
    server.listen(port, '127.0.0.1', () => {
      const { port: got } = server.address();
      server.close(() => resolve(got));
    });
  });
}

/** A loopback port nothing listens on right now. */
export async function freePort() {
  return /** @type {number} */ (await tryPort(0));
}

/** The lowest port the kernel hands out itself (Linux: ip_local_port_range; 32768 by default). */
function ephemeralLow() {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/**
 * A free loopback port below the kernel's ephemeral range, for a server that must come back on the
 * same port after a restart. A port from freePort() comes from that range: while its server is
 * down, any outgoing connection on the machine may take it as its own local port, and the restart
 * then fails with EADDRINUSE (dev-restart.spec.ts did, once, in CI).
 */
export async function freeStablePort() {
  const high = Math.min(ephemeralLow(), 32768) - 1;
  if (high <= 20000) return freePort();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = await tryPort(20000 + Math.floor(Math.random() * (high - 20000)));
    if (port !== undefined) return port;
  }
  throw new Error(`no free loopback port between 20000 and ${high}`);
}

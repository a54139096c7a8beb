// @ts-check
// Loopback ports for test servers: any free one, or one the kernel never hands out itself, for a
// server that must come back on the same port.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Listens on loopback `port` and closes again: the port, or undefined if it is taken.
 *
 * @param {number} port
 * @returns {Promise<number | undefined>}
 */
function tryPort(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
      error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const got = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(got));
    });
  });
}

/** A loopback port nothing listens on right now. */
export async function freePort() {
  const [port] = await freePorts(1);
  return /** @type {number} */ (port);
}

/**
 * `count` distinct loopback ports nothing listens on right now. Taken one by one, the kernel may
 * hand out a port it just handed out and saw closed (`npm start` then refused "auth and auth-api
 * cannot both use port …"), so each is held until all are found.
 *
 * @param {number} count
 * @returns {Promise<number[]>}
 */
export async function freePorts(count) {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve, reject) => {
            server.once('error', reject);
            server.listen(0, '127.0.0.1', () =>
              resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port),
            );
          }),
      ),
    );
  } finally {
    await Promise.all(
      servers.map(
        (server) => new Promise((resolve) => (server.listening ? server.close(resolve) : resolve(undefined))),
      ),
    );
  }
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
 * then fails with EADDRINUSE (e2e/tests/dev-restart.spec.ts did, once, in CI).
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

// @ts-check
// Who a client is behind DevHub's public servers, for the services they proxy to (the auth API,
// the telemetry collector): the servers append the client's address to X-Forwarded-For from their
// own socket, and a service trusts that header only from a proxy it lists. One rule for every
// service, so their rate limits count the same client the same way.
import { BlockList, isIP } from 'node:net';

/** The proxies trusted by default: the dev and preview servers, which run on the same machine. */
export const LOOPBACK = /** @type {const} */ (['127.0.0.0/8', '::1/128']);

/**
 * @param {string} address
 * @returns {'ipv4' | 'ipv6' | undefined}
 */
export function addressFamily(address) {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/**
 * "::ffff:127.0.0.1", as a dual-stack socket reports an IPv4 peer, is that IPv4 address.
 *
 * @param {string} address
 */
export function unmapped(address) {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

/**
 * Addresses or CIDR ranges ("127.0.0.0/8", "::1", "10.1.2.3"); throws on anything else.
 *
 * @param {readonly string[]} entries
 */
export function parseAddressList(entries) {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const kind = addressFamily(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = kind === 'ipv4' ? 32 : 128;
    if (
      !kind ||
      extra !== undefined ||
      (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits))
    ) {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
    if (bits === undefined) list.addAddress(address, kind);
    else list.addSubnet(address, bits, kind);
  }
  return list;
}

/**
 * A service's setting of its trusted proxies, from the environment variable `name`: "loopback"
 * (the default), "none", or a comma-separated list of addresses and CIDR ranges. Throws an Error
 * naming the variable for anything else.
 *
 * @param {string} name  e.g. "TELEMETRY_TRUSTED_PROXIES"
 * @param {string | undefined} raw
 * @returns {string[]}
 */
export function readTrustedProxies(name, raw) {
  const entries = (raw?.trim() || 'loopback')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === 'none') return [];
  const proxies = entries.flatMap((entry) => (entry === 'loopback' ? [...LOOPBACK] : [entry]));
  try {
    parseAddressList(proxies);
  } catch (error) {
    throw new Error(`${name}: ${/** @type {Error} */ (error).message}`);
  }
  return proxies;
}

/**
 * Fastify's `trustProxy`: trusts the directly connected peer, and only it, when it is one of
 * `proxies`. The client is then the last X-Forwarded-For entry, the one that proxy appended from
 * its own socket; whatever a client wrote into the header before it is never read (proxy-addr's
 * list form would walk on past a loopback client into what it wrote). With no listed proxy in
 * front, the socket address is the client.
 *
 * @param {readonly string[]} proxies
 * @returns {(address: string, hop: number) => boolean}
 */
export function trustAdjacentProxy(proxies) {
  const list = parseAddressList(proxies);
  return (address, hop) => {
    const plain = unmapped(address);
    const kind = addressFamily(plain);
    return hop === 0 && kind !== undefined && list.check(plain, kind);
  };
}

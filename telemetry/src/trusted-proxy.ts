// Who a client is, behind the dev and preview servers: the same rule as the auth API's
// (auth-api/src/client-address.ts). Each service is built and run on its own, so the rule is kept
// in both rather than one importing the other's source; @fastify/rate-limit then counts the
// address it gives, an IPv6 client as its /64 network.
import { BlockList, isIP } from 'node:net';

/** The proxies trusted by default: the dev and preview servers, which run on the same machine. */
export const LOOPBACK = ['127.0.0.0/8', '::1/128'] as const;

function family(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/** "::ffff:127.0.0.1", as a dual-stack socket reports an IPv4 peer, is that IPv4 address. */
function unmapped(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

/** Addresses or CIDR ranges ("127.0.0.0/8", "::1", "10.1.2.3"); throws on anything else. */
export function parseAddressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const kind = family(address);
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
 * Fastify's `trustProxy`: trusts the directly connected peer, and only it, when it is one of
 * `proxies`. The client is then the last X-Forwarded-For entry, the one that proxy appended from
 * its own socket; whatever a client wrote into the header before it is never read (proxy-addr's
 * list form would walk on past a loopback client into what it wrote).
 */
export function trustAdjacentProxy(proxies: readonly string[]): (address: string, hop: number) => boolean {
  const list = parseAddressList(proxies);
  return (address, hop) => {
    const plain = unmapped(address);
    const kind = family(plain);
    return hop === 0 && kind !== undefined && list.check(plain, kind);
  };
}

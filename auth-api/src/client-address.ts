import { BlockList, isIP } from 'node:net';

/** The proxies trusted by default: the dev and preview servers, which run on the same machine. */
export const LOOPBACK = ['127.0.0.0/8', '::1/128'] as const;

function family(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/** "::ffff:127.0.0.1", as a dual-stack socket reports an IPv4 peer, is that IPv4 address. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? address;
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
 * its own socket; whatever a client wrote into the header before it is never read. With no
 * listed proxy in front, the socket address is the client.
 */
export function trustAdjacentProxy(proxies: readonly string[]): (address: string, hop: number) => boolean {
  const list = parseAddressList(proxies);
  return (address, hop) => {
    const plain = unmapped(address);
    const kind = family(plain);
    return hop === 0 && kind !== undefined && list.check(plain, kind);
  };
}

function ipv6Groups(address: string): number[] {
  const [head = '', tail] = (address.split('%')[0] ?? '').split('::');
  const parse = (part: string | undefined) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const left = parse(head);
  const right = parse(tail);
  const gap = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...gap, ...right];
}

/**
 * What rate limits count a client as: its IPv4 address, or for IPv6 the /64 network one host is
 * normally given whole (otherwise a single machine could spread its attempts over 2^64 keys).
 * `ip` is what Fastify derived through {@link trustAdjacentProxy}; a proxy that forwarded
 * something that is not an address is itself counted as the client.
 */
export function clientKey(ip: string, socketAddress: string | undefined): string {
  const plain = unmapped(ip);
  const kind = family(plain);
  if (kind === 'ipv4') return plain;
  if (kind === 'ipv6') {
    const prefix = ipv6Groups(plain)
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(':');
    return `${prefix}::/64`;
  }
  return socketAddress && family(unmapped(socketAddress)) ? clientKey(socketAddress, undefined) : 'unknown';
}

import { addressFamily as family, unmapped } from '@devhub/contracts/trusted-proxy';

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
 * `ip` is what Fastify derived through trustAdjacentProxy (@devhub/contracts/trusted-proxy); a proxy that forwarded
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

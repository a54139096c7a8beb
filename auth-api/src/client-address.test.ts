import { clientKey } from './client-address.ts';

describe('clientKey', () => {
  it('is the IPv4 address, however the socket spelled it', () => {
    expect(clientKey('203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
  });

  it('is the /64 network for IPv6, so one host cannot count as 2^64 clients', () => {
    const key = clientKey('2001:db8:1:2:aaaa::1', undefined);
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff', undefined)).toBe(key);
    expect(clientKey('2001:db8:1:3::1', undefined)).not.toBe(key);
    expect(clientKey('::1', undefined)).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0', undefined)).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1', undefined)).toBe('64:ff9b:0:0::/64');
  });

  it('counts the proxy itself when what it forwarded is not an address', () => {
    expect(clientKey('not-an-ip', '127.0.0.1')).toBe('127.0.0.1');
    expect(clientKey('not-an-ip', undefined)).toBe('unknown');
  });
});

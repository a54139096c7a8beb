import { clientKey, LOOPBACK, parseAddressList, trustAdjacentProxy } from './client-address.ts';

describe('trustAdjacentProxy', () => {
  const trust = trustAdjacentProxy(LOOPBACK);

  it.each(['127.0.0.1', '127.0.0.2', '127.255.0.9', '::1', '::ffff:127.0.0.1'])(
    'trusts a loopback peer (%s)',
    (address) => {
      expect(trust(address, 0)).toBe(true);
    },
  );

  it.each(['10.0.0.1', '192.168.1.2', '::2', 'fe80::1', '::ffff:10.0.0.1', 'localhost', ''])(
    'does not trust %p',
    (address) => {
      expect(trust(address, 0)).toBe(false);
    },
  );

  it('never trusts an address a proxy was told about: only the socket peer can be a proxy', () => {
    expect(trust('127.0.0.1', 1)).toBe(false);
  });

  it('trusts the listed proxies only, and none when the list is empty', () => {
    const listed = trustAdjacentProxy(['10.1.0.0/16', '2001:db8::7']);
    expect(listed('10.1.200.3', 0)).toBe(true);
    expect(listed('2001:db8::7', 0)).toBe(true);
    expect(listed('127.0.0.1', 0)).toBe(false);
    expect(trustAdjacentProxy([])('127.0.0.1', 0)).toBe(false);
  });

  it.each(['localhost', '10.0.0.1/33', '::1/129', '10.0.0.1/8/1', '10.0.0.1/x', ''])(
    'refuses the entry %p',
    (entry) => {
      expect(() => parseAddressList([entry])).toThrow(/not an IP address or CIDR range/);
    },
  );
});

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

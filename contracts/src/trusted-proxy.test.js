import { LOOPBACK, parseAddressList, trustAdjacentProxy } from './trusted-proxy.js';

describe('trustAdjacentProxy', () => {
  const trust = trustAdjacentProxy(LOOPBACK);

  it.each(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])('trusts a loopback peer (%s)', (address) => {
    expect(trust(address, 0)).toBe(true);
  });

  it.each(['10.0.0.1', '::2', '::ffff:10.0.0.1', 'localhost', ''])('does not trust %p', (address) => {
    expect(trust(address, 0)).toBe(false);
  });

  it('never trusts an address a proxy was told about: only the socket peer can be a proxy', () => {
    expect(trust('127.0.0.1', 1)).toBe(false);
  });

  it('trusts the listed proxies only, and none when the list is empty', () => {
    const listed = trustAdjacentProxy(['10.1.0.0/16', '2001:db8::7']);
    expect([listed('10.1.200.3', 0), listed('2001:db8::7', 0), listed('127.0.0.1', 0)]).toEqual([true, true, false]);
    expect(trustAdjacentProxy([])('127.0.0.1', 0)).toBe(false);
  });

  it.each(['localhost', '10.0.0.1/33', '::1/129', '10.0.0.1/8/1', ''])('refuses the entry %p', (entry) => {
    expect(() => parseAddressList([entry])).toThrow(/not an IP address or CIDR range/);
  });
});

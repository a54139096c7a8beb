import { hstsApplies } from './static-server-headers.mjs';

describe('HSTS', () => {
  it.each([
    ['localhost:3000', undefined, false],
    ['app.localhost', undefined, false],
    ['127.0.0.1:3000', undefined, false],
    ['127.8.9.10', undefined, false],
    ['[::1]:3000', undefined, false],
    ['devhub.example', undefined, true],
    ['devhub.example:443', 'devhub.example', true],
    ['other.example', 'devhub.example', false],
  ])('%s (public host %s) → %s', (host, publicHost, expected) => {
    expect(hstsApplies(host, publicHost)).toBe(expected);
  });
});

import { singletonWarnings } from './singleton-check';

const host = new Map([
  ['react', { version: '19.3.1', requiredVersion: '^19.2.0' }],
  ['react-router', { version: '7.18.5', requiredVersion: '~7.18.5' }],
]);

describe('singleton mismatch warnings in the browser', () => {
  it('stays quiet for compatible singletons', () => {
    expect(
      singletonWarnings(host, [{ name: 'react', version: '19.2.1', requiredVersion: '^19.0.0', singleton: true }]),
    ).toEqual([]);
  });

  it('names each incompatibility', () => {
    expect(
      singletonWarnings(host, [
        { name: 'react', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true },
        { name: 'react-router', version: '7.19.2', requiredVersion: '^7.19.0', singleton: true },
      ]),
    ).toEqual([
      'react: remote built with 18.3.1, shell provides 19.3.1 (different major)',
      "react-router: remote built with 7.19.2, outside the shell's range ~7.18.5",
    ]);
  });
});

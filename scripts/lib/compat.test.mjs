import { missingExposes, packageOf, sharedProblems, shellSingletons } from './compat.mjs';

const shell = new Map([
  ['react', { version: '19.3.1', requiredVersion: '^19.2.0' }],
  ['react-dom', { version: '19.3.1', requiredVersion: '^19.2.0' }],
  ['react-router', { version: '7.18.5', requiredVersion: '~7.18.5' }],
  ['@devhub/shared', { version: '0.1.0', requiredVersion: '0.1.0' }],
]);

describe('singleton compatibility', () => {
  it('maps shared requests to their package', () => {
    expect(packageOf('react-dom/client')).toBe('react-dom');
    expect(packageOf('@devhub/shared/session-store')).toBe('@devhub/shared');
    expect(packageOf('zustand')).toBe('zustand');
  });

  it('accepts versions inside the shell range that accept the shell version', () => {
    expect(
      sharedProblems(shell, [
        { name: 'react', version: '19.2.4', requiredVersion: '^19.2.0', singleton: true },
        { name: 'react-dom/client', version: '19.3.1', requiredVersion: '^19.0.0', singleton: true },
        { name: '@devhub/shared/session-store', version: '0.1.0', requiredVersion: '0.1.0', singleton: true },
        { name: 'react-hook-form', version: '7.66.0', requiredVersion: '^7.66.0', singleton: true },
      ]),
    ).toEqual([]);
  });

  it('refuses a different major, a version outside the range, and a requirement the shell misses', () => {
    expect(
      sharedProblems(shell, [
        { name: 'react', version: '18.3.1', requiredVersion: '^18.3.0', singleton: true },
        { name: 'react-router', version: '7.19.0', requiredVersion: '~7.19.0', singleton: true },
        { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.4.0', singleton: true },
      ]),
    ).toEqual([
      'react: built with 18.3.1, the shell provides 19.3.1 (different major)',
      "react-router: built with 7.19.0, outside the shell's range ~7.18.5",
      'react-dom: requires ^19.4.0, the shell provides 19.3.1',
    ]);
  });

  it('ignores non-singletons', () => {
    expect(sharedProblems(shell, [{ name: 'react', version: '18.0.0', singleton: false }])).toEqual([]);
  });

  it("reads the shell's installed singletons", () => {
    const installed = shellSingletons();
    expect(installed.get('react')).toEqual({
      version: expect.stringMatching(/^19\./),
      requiredVersion: expect.any(String),
    });
    expect(installed.get('@devhub/shared')?.version).toBe('0.1.0');
  });

  it('lists exposes the route table needs that a manifest lacks', () => {
    const manifest = { exposes: [{ name: 'HomePage', path: './HomePage' }] };
    expect(missingExposes(['./HomePage', './ListingPage'], manifest)).toEqual(['./ListingPage']);
  });
});

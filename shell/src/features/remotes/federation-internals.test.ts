import type { getInstance } from '@module-federation/enhanced/runtime';
import { FederationInternalsError, sharedModuleStates } from './federation-internals';

type Instance = ReturnType<typeof getInstance>;
const instanceWith = (shareScopeMap: unknown, version = '2.9.2') => ({ version, shareScopeMap }) as unknown as Instance;

describe('federation runtime internals', () => {
  it('lists the shared modules of every share scope, loaded directly or through their tree-shaken variant', () => {
    const instance = instanceWith({
      default: {
        react: { '19.2.0': { from: 'shell', loaded: true } },
        'react-router': { '7.18.5': { from: 'shell', treeShaking: { loaded: true } } },
        axios: { '1.21.1': { from: 'catalog' } },
      },
    });
    expect(sharedModuleStates(instance)).toEqual([
      { scope: 'default', name: 'axios', version: '1.21.1', from: 'catalog', loaded: false },
      { scope: 'default', name: 'react', version: '19.2.0', from: 'shell', loaded: true },
      { scope: 'default', name: 'react-router', version: '7.18.5', from: 'shell', loaded: true },
    ]);
  });

  it('throws, naming the internal and the versions, when the share scopes are not there', () => {
    expect(() => sharedModuleStates(instanceWith(undefined, '3.0.0'))).toThrow(FederationInternalsError);
    expect(() => sharedModuleStates(instanceWith(undefined, '3.0.0'))).toThrow(
      'federation runtime internals: shareScopeMap: not an object of share scopes (written for runtime 2.9.2, running 3.0.0; adapt shell/src/features/remotes/federation-internals.ts)',
    );
  });

  it('throws when a shared module lacks the app that provided it, or its tree shaking is not an object', () => {
    expect(() => sharedModuleStates(instanceWith({ default: { react: { '19.2.0': { provider: 'shell' } } } }))).toThrow(
      /shareScopeMap\.default\["react"\]\["19\.2\.0"\]\.from: not a string/,
    );
    expect(() =>
      sharedModuleStates(instanceWith({ default: { react: { '19.2.0': { from: 'shell', treeShaking: true } } } })),
    ).toThrow(/shareScopeMap\.default\["react"\]\["19\.2\.0"\]\.treeShaking: not an object/);
  });

  it('throws when there is no federation instance', () => {
    expect(() => sharedModuleStates(undefined)).toThrow(/getInstance\(\): no federation instance: .* running unknown/);
  });
});

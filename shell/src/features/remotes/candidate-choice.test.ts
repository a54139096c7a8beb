import { chooseVersions, roleOf } from './candidate-choice';
import type { Registry } from './registry';

const page = (path: string) => ({
  expose: 'ListingPage',
  what: 'bài viết',
  layout: 'main' as const,
  access: 'public' as const,
  routes: [{ path }],
});
const stable = { entry: '/deploy/remote-catalog/1.0.0/mf-manifest.json', version: '1.0.0', routes: [page('/blog')] };
const candidate = {
  entry: '/deploy/remote-catalog/1.1.0/mf-manifest.json',
  version: '1.1.0',
  integrity: `sha384-${'B'.repeat(64)}`,
  routes: [page('/blog'), page('/news')],
  percent: 25,
};
const registry: Registry = {
  environment: 'staging',
  allowedOverrideOrigins: [],
  remotes: { catalog: { ...stable, candidate }, auth: { entry: '/deploy/remote-auth/1.0.0/mf-manifest.json' } },
};

describe('the versions a browser runs', () => {
  it.each([0, 24])('are the candidate for bucket %d, below its percent: entry, digest and routes', (bucket) => {
    const { entry, version, integrity, routes } = candidate;
    const { remotes } = chooseVersions(registry, bucket);
    expect(remotes).toEqual({ catalog: { entry, version, integrity, routes, candidate }, auth: registry.remotes.auth });
    expect([roleOf(remotes.catalog), roleOf(remotes.auth)]).toEqual(['candidate', 'stable']);
  });

  it.each([25, 99, undefined])('are the stable pins for bucket %p', (bucket) => {
    const { remotes } = chooseVersions(registry, bucket);
    expect(remotes).toEqual({ catalog: stable, auth: registry.remotes.auth });
    expect(roleOf(remotes.catalog)).toBe('stable');
  });
});

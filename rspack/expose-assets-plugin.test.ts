import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyFixture } from './test/compile-fixture.ts';

interface Manifest {
  exposes: Array<{ path: string; requires: string[]; assets: { js: { sync: string[]; async: string[] } } }>;
  shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

describe("a remote's manifest", () => {
  const fixture = copyFixture('remote');
  let dist: string;
  let manifest: Manifest;
  beforeAll(async () => {
    dist = await fixture.build(['ExposeAssetsPlugin']);
    manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
  });
  afterAll(() => fixture.remove());

  it("lists as a page's on-demand code only what that page imports, never another page's code or a shared module", () => {
    const js = (path: string) => manifest.exposes.find((expose) => expose.path === path)!.assets.js;
    const home = js('./HomePage');
    const listing = js('./ListingPage');
    const sharedFiles = manifest.shared.flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async]);

    // Each page loads its data on demand, a chunk each, and the home page the chart library too;
    // never a line of the other page. (The chart's chunk is also the listing's, which imports it:
    // the federation plugin alone then lists all of the listing's files as the home page's.)
    const sourcesOf = (files: string[]) =>
      files
        .flatMap(
          (file) => (JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources,
        )
        .sort();
    expect(home.async).toHaveLength(2);
    expect(listing.async).toHaveLength(1);
    expect(sourcesOf(home.async)).toEqual([
      expect.stringMatching(/node_modules\/chart-lib\/index\.js$/),
      expect.stringMatching(/src\/data\/home-digest\.js$/),
    ]);
    expect(sourcesOf(listing.async)).toEqual([expect.stringMatching(/src\/data\/sample-articles\.js$/)]);
    expect(home.async).not.toEqual(expect.arrayContaining(listing.sync));
    expect(listing.async).not.toEqual(expect.arrayContaining(home.sync));
    expect([...home.async, ...listing.async].filter((file) => sharedFiles.includes(file))).toEqual([]);
  });

  it('lists the shared modules each page imports, for the shell to start them with the page', () => {
    const requires = (path: string) => manifest.exposes.find((expose) => expose.path === path)!.requires;
    // Those a page imports, and those its own modules import in turn (the layout's).
    expect(requires('./HomePage')).toEqual(['app-shared/contract', 'http-lib', 'ui-kit']);
    // Only modules it imports: the listing sends no request, the home page has no form.
    expect(requires('./ListingPage')).toEqual(['form-lib', 'ui-kit']);
    expect(
      manifest.exposes.every((expose) => expose.requires.every((name) => manifest.shared.some((s) => s.name === name))),
    ).toBe(true);
  });
});

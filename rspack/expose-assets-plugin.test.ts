import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyWorkspace } from '../scripts/lib/workspace-copy.mjs';

interface Manifest {
  exposes: Array<{ path: string; requires: string[]; assets: { js: { sync: string[]; async: string[] } } }>;
  shared: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

describe("a remote's manifest", () => {
  const copy = copyWorkspace();
  afterAll(() => copy.remove());

  it("lists as a page's on-demand code only what that page imports, never another page's code or a shared module", async () => {
    const dist = await copy.build('remote-catalog');
    const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
    const js = (path: string) => manifest.exposes.find((expose) => expose.path === path)!.assets.js;
    const home = js('./HomePage');
    const listing = js('./ListingPage');
    const sharedFiles = manifest.shared.flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async]);

    // Each page loads its data on demand: one chunk each, and not the other page's.
    expect(home.async).toHaveLength(1);
    expect(listing.async).toHaveLength(1);
    expect(home.async).not.toEqual(listing.async);
    const sourcesOf = (file: string) =>
      (JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources;
    expect(sourcesOf(home.async[0]!)).toEqual([expect.stringMatching(/home\/data\/home-digest\.gen\.ts$/)]);
    expect(sourcesOf(listing.async[0]!)).toEqual([expect.stringMatching(/catalog\/data\/sample-articles\.ts$/)]);
    expect(home.async).not.toEqual(expect.arrayContaining(listing.sync));
    expect(listing.async).not.toEqual(expect.arrayContaining(home.sync));
    expect([...home.async, ...listing.async].filter((file) => sharedFiles.includes(file))).toEqual([]);
  });

  it('lists the shared modules each page imports, for the shell to start them with the page', async () => {
    const dist = await copy.build('remote-catalog');
    const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
    const requires = (path: string) => manifest.exposes.find((expose) => expose.path === path)!.requires;
    expect(requires('./HomePage')).toEqual(
      expect.arrayContaining(['react', 'react/jsx-runtime', 'react-router', '@devhub/shared/remote-contract']),
    );
    // Only modules it imports: the catalogue sends no form and no request.
    expect(requires('./HomePage')).not.toEqual(expect.arrayContaining(['react-hook-form']));
    expect(requires('./ListingPage')).not.toEqual(expect.arrayContaining(['axios']));
    expect(
      manifest.exposes.every((expose) => expose.requires.every((name) => manifest.shared.some((s) => s.name === name))),
    ).toBe(true);
  });
});

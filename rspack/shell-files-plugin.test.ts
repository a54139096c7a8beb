import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyFixture } from './test/compile-fixture.ts';

describe("the shell's index.html", () => {
  const fixture = copyFixture('shell');
  afterAll(() => fixture.remove());

  it("lists the files of every shared module the shell provides, with those of the shared modules it imports, and links the chrome's stylesheet", async () => {
    const dist = await fixture.build(['ShellFilesPlugin']);
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const json = /<script type="application\/json" id="devhub-boot">([^<]*)<\/script>/.exec(html)?.[1];
    const files = (JSON.parse(json ?? 'null') as { sharedFiles: Record<string, string[]> }).sharedFiles;

    // Provided eagerly, in the shell's first chunk: nothing more to fetch.
    expect(files['ui-kit']).toEqual([]);
    expect(files['app-shared/session-store']).toEqual([]);
    // In chunks of their own, which exist.
    expect(files['http-lib']).toHaveLength(1);
    for (const file of Object.values(files).flat()) expect(readFileSync(join(dist, file)).length).toBeGreaterThan(0);
    // The API client is of no use without the HTTP library it imports: fetching it fetches both.
    expect(files['app-shared/api-client']).toEqual(expect.arrayContaining(files['http-lib']!));
    expect(files['app-shared/api-client']!.length).toBeGreaterThan(files['http-lib']!.length);

    // The chrome's stylesheet, behind the entry's async boundary, linked from the head.
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!);
    expect(sheets).toHaveLength(1);
    expect(readFileSync(join(dist, sheets[0]!), 'utf8')).toContain('chrome-header');
  });
});

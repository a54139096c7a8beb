import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyWorkspace } from '../scripts/lib/workspace-copy.mjs';

describe("the shell's index.html", () => {
  const copy = copyWorkspace();
  afterAll(() => copy.remove());

  it("lists the files of every shared module the shell provides, with those of the shared modules it imports, and links the chrome's stylesheet", async () => {
    const dist = await copy.build('shell');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const json = /<script type="application\/json" id="devhub-shared-files">([^<]*)<\/script>/.exec(html)?.[1];
    const files = JSON.parse(json ?? 'null') as Record<string, string[]>;

    // In the shell's first chunk: nothing more to fetch.
    expect(files.react).toEqual([]);
    expect(files['@devhub/shared/session-store']).toEqual([]);
    // In chunks of their own, which exist.
    expect(files.axios).toHaveLength(1);
    for (const file of Object.values(files).flat()) expect(readFileSync(join(dist, file)).length).toBeGreaterThan(0);
    // The API client is of no use without axios: fetching it fetches both.
    expect(files['@devhub/shared/api-client']).toEqual(expect.arrayContaining(files.axios!));

    // The chrome's stylesheet, linked from the head (it used to come with the app's script).
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!);
    expect(sheets).toHaveLength(1);
    expect(readFileSync(join(dist, sheets[0]!), 'utf8')).toContain('shell__header');
  });
});

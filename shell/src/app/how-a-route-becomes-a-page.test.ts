import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Issue 22: the README's account of the loader stays short enough to read and true to the tree.
const ROOT = join(__dirname, '../../..');
const HEADING = '## How a route becomes a page';

/** The section, heading included, up to the next section. */
function section(readme: string): string {
  const start = readme.indexOf(HEADING);
  if (start === -1) throw new Error(`README.md has no "${HEADING}" section`);
  const next = readme.indexOf('\n## ', start + HEADING.length);
  return readme.slice(start, next === -1 ? undefined : next);
}

/** Every file the text names: a name with a source or data extension, with or without its folder. */
function filesNamed(text: string): string[] {
  const names = text.match(/[\w@.-]+(?:\/[\w@.-]+)*\.(?:[cm]?[jt]sx?|json|html|css|md)\b/g) ?? [];
  return [...new Set(names)];
}

describe('README, "How a route becomes a page"', () => {
  const text = section(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  it('is at most 300 words', () => {
    expect(text.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(300);
  });

  it('names at most 6 files, each one a file of the repository', () => {
    const files = filesNamed(text);
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThanOrEqual(6);
    expect(files.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });
});

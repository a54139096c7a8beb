import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installPages } from './page-folder.mjs';
import { SUMMARY_FILE, templateHash } from './prerender-pages.mjs';
import { sha256 } from '../test/static-server-test-support.mjs';
import { closeServer, createStaticServer, listen } from './static-server.mjs';

describe('prerendered pages', () => {
  let root;
  let server;
  let base;
  const template = '<!doctype html><title>app</title><script>start()</script>';

  const writePages = (dir, label) => {
    mkdirSync(join(dir, 'blog'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), `<title>home, ${label}</title>`);
    writeFileSync(join(dir, 'blog', 'index.html'), `<title>blog, ${label}</title><script>hydrate()</script>`);
    writeFileSync(join(dir, SUMMARY_FILE), JSON.stringify({ template: templateHash(template) }));
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-pages-'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), template);
    writePages(join(root, 'pages'), 'rendered');
    server = createStaticServer({
      root: join(root, 'dist'),
      spa: true,
      pages: { dir: join(root, 'pages'), template: join(root, 'dist', 'index.html') },
    });
    base = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await closeServer(server);
    rmSync(root, { recursive: true, force: true });
  });

  it("serves a route's rendered page, revalidated, and the shell's page for a query string or another route", async () => {
    const blog = await fetch(`${base}/blog`);
    expect(await blog.text()).toBe('<title>blog, rendered</title><script>hydrate()</script>');
    expect(blog.headers.get('cache-control')).toBe('no-cache');
    expect(await (await fetch(`${base}/`)).text()).toBe('<title>home, rendered</title>');
    expect(await (await fetch(`${base}/blog?tag=React`)).text()).toBe(template);
    expect(await (await fetch(`${base}/docs`)).text()).toBe(template);
  });

  it("runs the build's own scripts on a prerendered page, never one the page brought itself", async () => {
    const policy = (await fetch(`${base}/blog`)).headers.get('content-security-policy');
    expect(policy).toContain(sha256('start()'));
    expect(policy).not.toContain(sha256('hydrate()'));
  });

  it('answers every reader with one whole page while the pages are swapped under 16 readers, 32 times', async () => {
    let swapping = true;
    const answers = new Map();
    // Pages of two lengths in turn: a page read across a swap would end short of its length.
    const labelOf = (swap) => `rendered ${swap}${swap % 2 ? '' : ' with a longer title'}`;
    const pageOf = (label) => `<title>blog, ${label}</title><script>hydrate()</script>`;
    const whole = new Set(Array.from({ length: 32 }, (_, swap) => pageOf(labelOf(swap))).concat(pageOf('rendered')));
    // The shell's page is whole too: a request may outlive two swaps here, where a render takes seconds.
    whole.add(template);
    const readers = Array.from({ length: 16 }, async () => {
      while (swapping) {
        // A hang budget: a reader left waiting for the rest of a page counts as no answer.
        const answer = await fetch(`${base}/blog`, { signal: AbortSignal.timeout(10_000) })
          .then(async (response) => {
            const body = await response.text();
            return `${response.status} ${whole.has(body) ? 'whole' : body}`;
          })
          .catch(() => 'no answer');
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
      }
    });
    for (let swap = 0; swap < 32; swap += 1) {
      const staging = join(root, `pages.${swap}.tmp`);
      writePages(staging, labelOf(swap));
      installPages(join(root, 'pages'), staging);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    swapping = false;
    await Promise.all(readers);
    expect([...answers.keys()]).toEqual(['200 whole']);
    expect(await (await fetch(`${base}/blog`)).text()).toBe(pageOf(labelOf(31)));
  });

  it('stops serving them once the shell build changes, until they are rendered again', async () => {
    writeFileSync(join(root, 'dist', 'index.html'), `${template}<!-- rebuilt -->`);
    expect(await (await fetch(`${base}/blog`)).text()).toBe(`${template}<!-- rebuilt -->`);
  });
});

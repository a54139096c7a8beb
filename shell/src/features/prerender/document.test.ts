import { prerenderedDocument } from './document';
import { BOOT_ISLAND_ID, readBootIsland } from '../../lib/boot-island';
import { pinsMatch, readPrerenderRecord } from './prerender-record';

const ISLAND = `<script type="application/json" id="${BOOT_ISLAND_ID}">
      {"compatibility":{"singletons":{"react":"<20"}},"sharedFiles":{"axios":["/9.js"]}}
    </script>`;
const TEMPLATE = `<!doctype html><html lang="vi"><head><title>DevHub</title>${ISLAND}<script>window.inline = 1;</script><script defer src="/main.js?a=1&amp;b=2" crossorigin></script></head><body><div id="root"></div></body></html>`;
const record = {
  route: '/blog',
  pins: { catalog: '/deploy/remote-catalog/1.0.0/mf-manifest.json' },
  renderedAt: '2026-11-23T00:00:00.000Z',
};

describe('a prerendered document', () => {
  const html = prerenderedDocument(TEMPLATE, {
    html: '<main><img src="/a.svg" loading="lazy"/><img src="/first.svg" fetchPriority="high"/><p>$& $1 </script></p></main>',
    title: 'Bài viết | DevHub',
    stylesheets: [
      { href: '/deploy/remote-catalog/1.0.0/page.css', integrity: `sha384-${'a'.repeat(64)}` },
      { href: 'https://localhost:3001/page.css' },
    ],
    record,
  });

  it('puts the markup in #root as is, even with replacement patterns in it', () => {
    expect(html).toContain('<div id="root"><main><img src="/a.svg" loading="lazy"/>');
    expect(html).toContain('<p>$& $1 </script></p>');
  });

  it('names the page, links its stylesheets (with their digests when verified) and preloads its first high-priority picture from the head', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Bài viết | DevHub</title>');
    expect(head).toContain(
      `<link rel="stylesheet" href="/deploy/remote-catalog/1.0.0/page.css" crossorigin="anonymous" integrity="sha384-${'a'.repeat(64)}">`,
    );
    // A remote run unverified: linked as its runtime would link it, without a digest.
    expect(head).toContain('<link rel="stylesheet" href="https://localhost:3001/page.css">');
    expect(head).toContain('<link rel="preload" as="image" href="/first.svg" fetchpriority="high">');
    expect(head).not.toContain('/a.svg');
  });

  it("carries the record it was rendered from in the page's one island, beside the build's, which the browser reads back", () => {
    document.documentElement.innerHTML = html.replace('<!doctype html>', '');
    expect(document.querySelectorAll('script[type="application/json"]')).toHaveLength(1);
    const island = readBootIsland(document);
    expect(readPrerenderRecord(island)).toEqual(record);
    expect(island).toMatchObject({
      compatibility: { singletons: { react: '<20' } },
      sharedFiles: { axios: ['/9.js'] },
    });
  });

  it('refuses a template without the island the bootstrap reads', () => {
    expect(() =>
      prerenderedDocument(TEMPLATE.replace(ISLAND, ''), { html: '', title: '', stylesheets: [], record }),
    ).toThrow(`the shell's index.html has no #${BOOT_ISLAND_ID} island`);
  });

  it("leaves the shell's scripts where the template has them, and adds none", () => {
    expect(html).toContain('<script defer src="/main.js?a=1&amp;b=2" crossorigin></script>');
    // The template's own scripts and island, and nothing the render adds.
    expect(html.match(/<script\b/g)).toHaveLength(TEMPLATE.match(/<script\b/g)?.length ?? 0);
    expect(html).toContain('<script>window.inline = 1;</script>');
    expect(html).toMatch(/^<!doctype html><html data-prerendered lang="vi">/);
  });

  it('refuses a template without an empty #root', () => {
    expect(() => prerenderedDocument('<html></html>', { html: '', title: '', stylesheets: [], record })).toThrow(
      /no empty <div id="root"><\/div>/,
    );
  });
});

describe('the record', () => {
  it('matches only the very pins the browser reads', () => {
    expect(pinsMatch(record, { ...record.pins })).toBe(true);
    expect(pinsMatch(record, { catalog: '/deploy/remote-catalog/1.1.0/mf-manifest.json' })).toBe(false);
    expect(pinsMatch(record, { ...record.pins, auth: '//localhost:3002/mf-manifest.json' })).toBe(false);
  });

  it('is ignored when it is not one', () => {
    expect(readPrerenderRecord({ prerender: { route: 1 } })).toBeUndefined();
    expect(readPrerenderRecord({})).toBeUndefined();
  });
});

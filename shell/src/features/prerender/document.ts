import { BOOT_ISLAND_ID, islandText, type BootIsland } from '../../lib/boot-island';
import type { FirstLoadPlan } from './first-load-plan';
import type { PrerenderRecord } from './prerender-record';
import { PRERENDERED_ATTRIBUTE } from './prerendered-attribute';

export interface PageStylesheet {
  href: string;
  integrity?: string | undefined;
}

export interface PrerenderedPage {
  /** The app as the server rendered it, for inside #root. */
  html: string;
  title: string;
  /**
   * The page's own stylesheets (the shell's are in the template already), each with the `integrity`
   * the loader would load it with (remote-files.js fileDigests): none for a remote it runs unverified.
   */
  stylesheets: PageStylesheet[];
  record: PrerenderRecord;
  /** What its first load needs, for the page's warm-up (first-load-plan.ts). */
  firstLoad?: FirstLoadPlan | undefined;
}

const ROOT = '<div id="root"></div>';

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** The image the page asks for first (`fetchpriority="high"`): its largest paint, fetched from the head. */
function firstPriorityImage(html: string): string | undefined {
  for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
    if (!/\bfetchpriority="high"/i.test(tag)) continue;
    return /\bsrc="([^"]*)"/.exec(tag)?.[1];
  }
  return undefined;
}

/**
 * A stylesheet with a digest is linked CORS-mode with it (Subresource Integrity needs both): bytes
 * other than the published ones never apply, and the remote's runtime, finding the link, adopts it
 * instead of requesting the file again.
 */
function stylesheetLink({ href, integrity }: PageStylesheet): string {
  const checked = integrity ? ` crossorigin="anonymous" integrity="${escapeAttribute(integrity)}"` : '';
  return `<link rel="stylesheet" href="${escapeAttribute(href)}"${checked}>`;
}

// Its JSON never holds "</" (islandText and the build's plugins escape it): the first "</script>" ends it.
const ISLAND = new RegExp(`(<script type="application/json" id="${BOOT_ISLAND_ID}">)([\\s\\S]*?)(</script>)`);

/** The template's data island (boot-island.ts), as the build wrote it. */
export function templateIsland(template: string): BootIsland {
  const found = ISLAND.exec(template);
  if (!found) throw new Error(`the shell's index.html has no #${BOOT_ISLAND_ID} island`);
  try {
    return JSON.parse(found[2] ?? '') as BootIsland;
  } catch {
    throw new Error(`the shell's #${BOOT_ISLAND_ID} island is not JSON`);
  }
}

/** The template with what the page adds to its data island: the record the bootstrap checks, and the first load's plan. */
function withIsland(template: string, added: Pick<BootIsland, 'prerender' | 'firstLoad'>): string {
  const island = templateIsland(template);
  return template.replace(ISLAND, (_, open: string, _text: string, close: string) => {
    return `${open}${islandText({ ...island, ...added })}${close}`;
  });
}

/**
 * The shell's index.html with a prerendered page in it: the page's markup in #root, its title,
 * its stylesheets and first image requested from the head, and in its island the record the
 * browser checks before it hydrates (prerender-record.ts) and its first load's plan
 * (first-load-plan.ts). The shell's bundle stays where the build put it, deferred in the head.
 */
export function prerenderedDocument(template: string, page: PrerenderedPage): string {
  if (!template.includes(ROOT)) throw new Error(`the shell's index.html has no empty ${ROOT}`);
  if (!/<html\b/.test(template)) throw new Error(`the shell's index.html has no <html> element`);
  const image = firstPriorityImage(page.html);
  const head = [
    ...page.stylesheets.map(stylesheetLink),
    // The markup's own attribute values, already escaped by React.
    ...(image ? [`<link rel="preload" as="image" href="${image}" fetchpriority="high">`] : []),
  ].join('');
  // Replaced by functions: the markup may hold "$&" and the like, which a replacement string expands.
  return withIsland(template, { prerender: page.record, firstLoad: page.firstLoad })
    .replace(/<html\b/, () => `<html ${PRERENDERED_ATTRIBUTE}`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${head}</head>`)
    .replace(ROOT, () => `<div id="root">${page.html}</div>`);
}

import { PRERENDER_ELEMENT_ID, type PrerenderRecord } from './prerender-record';

export interface PrerenderedPage {
  /** The app as the server rendered it, for inside #root. */
  html: string;
  title: string;
  /** The page's own stylesheets (the shell's are in the template already). */
  stylesheets: string[];
  record: PrerenderRecord;
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
 * The shell's index.html with a prerendered page in it: the page's markup in #root, its title,
 * its stylesheets and first image requested from the head, and the record the browser checks
 * before it hydrates (prerender-record.ts).
 */
export function prerenderedDocument(template: string, page: PrerenderedPage): string {
  if (!template.includes(ROOT)) throw new Error(`the shell's index.html has no empty ${ROOT}`);
  const image = firstPriorityImage(page.html);
  const head = [
    ...page.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`),
    // The markup's own attribute values, already escaped by React.
    ...(image ? [`<link rel="preload" as="image" href="${image}" fetchpriority="high">`] : []),
    `<script type="application/json" id="${PRERENDER_ELEMENT_ID}">${JSON.stringify(page.record).replaceAll('<', '\\u003c')}</script>`,
  ].join('');
  // Replaced by functions: the markup may hold "$&" and the like, which a replacement string expands.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${head}</head>`)
    .replace(ROOT, () => `<div id="root">${page.html}</div>`);
}

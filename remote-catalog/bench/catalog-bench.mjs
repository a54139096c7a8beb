// Benchmarks the listing's derivations on 100,000 generated items: one filter + sort + page (what
// a keystroke, a tag or a sort change costs) and ranking every tag. Prints the median of repeated
// runs. Run with `npm run bench -w remote-catalog`.
import { register } from 'node:module';
import { performance } from 'node:perf_hooks';
import { parseCliOrExit } from '../../scripts/lib/cli.mjs';

parseCliOrExit('catalog-bench', {
  usage: `usage: npm run bench -w remote-catalog
The listing's derivations on 100,000 generated items: the median of repeated runs.
  -h, --help  this help`,
});

register('../scripts/ts-hooks.mjs', import.meta.url);

const { filterItems } = await import('../src/features/catalog/lib/filter-items.ts');
const { queryCatalog } = await import('../src/features/catalog/lib/query-catalog.ts');
const { rankTags } = await import('../src/features/catalog/lib/rank-tags.ts');

const ITEM_COUNT = 100_000;
const RUNS = 25;
const PAGE_SIZE = 20;
const TARGET_QUERY_MS = 20;
const TARGET_RANK_MS = 100;

// Deterministic data: the same items on every run, so figures compare between machines and commits.
function prng(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'lập trình web ứng dụng dữ liệu hệ thống máy chủ giao diện hiệu năng bảo mật kiểm thử triển khai ' +
  'đám mây cơ sở hướng dẫn thực hành nâng cao cơ bản tối ưu kiến trúc dịch vụ công cụ mã nguồn mở ' +
  'React TypeScript Node.js Python Go Rust Docker Kubernetes PostgreSQL Redis GraphQL API'
).split(' ');
const TYPES = ['blog', 'software', 'docs', 'course'];

function generateItems(count) {
  const random = prng(42);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sentence = (length) => Array.from({ length }, () => pick(WORDS)).join(' ');
  // 2,000 tags with a skewed popularity, like real tagging.
  const tagPool = Array.from({ length: 2000 }, (_, index) => `${pick(WORDS)}-${index}`);
  const start = Date.UTC(2020, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const tags = new Set();
    const tagCount = 2 + Math.floor(random() * 4);
    while (tags.size < tagCount) tags.add(tagPool[Math.floor(random() ** 2 * tagPool.length)]);
    const views = 800 + Math.floor(random() * 5301);
    return {
      id: `item-${index.toString(36).padStart(6, '0')}`,
      title: sentence(6 + Math.floor(random() * 6)),
      description: sentence(28),
      thumbnail: '',
      tags: [...tags],
      views,
      downloads: Math.round(views * (0.4 + random() * 0.2)),
      type: TYPES[index % TYPES.length],
      publishDate: new Date(start + Math.floor(random() * 5 * 365 * 86_400_000)),
    };
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function measure(run) {
  const times = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

const listing = (items, { query = '', tags = [], sort, page }) =>
  queryCatalog(items, { query, tags, sort, page }, PAGE_SIZE);

const items = generateItems(ITEM_COUNT);
const popularTag = rankTags(items)[0].tag;

// The first search folds every item's text once (the page keeps it for the session).
const indexStarted = performance.now();
filterItems(items, { query: 'x', tags: [] });
const indexMs = performance.now() - indexStarted;

const scenarios = [
  { name: 'no filter, Mới nhất, page 1', query: '', sort: 'latest', page: 1 },
  { name: '"lap trinh", Xem nhiều nhất, page 2', query: 'lap trinh', sort: 'views', page: 2 },
  { name: '"a" (broad), Tải nhiều nhất, page 1', query: 'a', sort: 'downloads', page: 1 },
  {
    name: `"he thong" + tag "${popularTag}", Mới nhất, page 1`,
    query: 'he thong',
    tags: [popularTag],
    sort: 'latest',
    page: 1,
  },
];

const lines = [`catalogue benchmark: ${ITEM_COUNT.toLocaleString('en')} items, median of ${RUNS} runs`, ''];
lines.push(`  search index (first search of a session, once): ${indexMs.toFixed(1)} ms`);
lines.push('  filter + sort + page, as the listing runs it (each order sorted once per list, then reused):');
const queryMedians = [];
for (const scenario of scenarios) {
  const ms = measure(() => listing(items, scenario));
  queryMedians.push(ms);
  lines.push(`    ${scenario.name}: ${ms.toFixed(2)} ms`);
}
lines.push('  the same with nothing remembered (a fresh list each run, so every run sorts all items):');
for (const scenario of scenarios) {
  const ms = measure(() => listing([...items], scenario));
  lines.push(`    ${scenario.name}: ${ms.toFixed(2)} ms`);
}
const worstQuery = Math.max(...queryMedians);
const rankMs = measure(() => rankTags(items));
lines.push(`  rank all tags (${rankTags(items).length.toLocaleString('en')} distinct): ${rankMs.toFixed(2)} ms`);
lines.push('');
lines.push(
  `  filter + sort + page, slowest scenario: ${worstQuery.toFixed(2)} ms (target ≤ ${TARGET_QUERY_MS} ms) ${worstQuery <= TARGET_QUERY_MS ? 'OK' : 'OVER'}`,
);
lines.push(
  `  tag ranking: ${rankMs.toFixed(2)} ms (target ≤ ${TARGET_RANK_MS} ms) ${rankMs <= TARGET_RANK_MS ? 'OK' : 'OVER'}`,
);
process.stdout.write(`${lines.join('\n')}\n`);

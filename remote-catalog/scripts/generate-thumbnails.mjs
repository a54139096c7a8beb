// Writes the catalogue's thumbnails: one SVG per topic, drawn from a palette, so the sample data
// needs no image host. Run with `node scripts/generate-thumbnails.mjs` (in remote-catalog/) after changing a topic.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCli, runCli } from '../../scripts/lib/cli.mjs';

const USAGE = `usage: node remote-catalog/scripts/generate-thumbnails.mjs
Writes one SVG thumbnail per topic into remote-catalog/src/features/catalog/assets/thumbnails/.
  -h, --help  this help`;

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../src/features/catalog/assets/thumbnails');
const WIDTH = 640;
const HEIGHT = 360;

/** [file name, label, caption, gradient start, gradient end, motif] */
const TOPICS = [
  ['react', 'React', 'Frontend', '#0b3a5b', '#149eca', '</>'],
  ['typescript', 'TypeScript', 'Kiểu dữ liệu an toàn', '#1e3a8a', '#3178c6', 'TS'],
  ['javascript', 'JavaScript', 'Web hiện đại', '#7a5a00', '#e0b400', 'JS'],
  ['nodejs', 'Node.js', 'Backend', '#1f4d1f', '#3c873a', '{ }'],
  ['css', 'CSS', 'Giao diện', '#4c1d95', '#8b5cf6', '#'],
  ['python', 'Python', 'Dữ liệu và backend', '#1e3a5f', '#3776ab', 'py'],
  ['golang', 'Go', 'Dịch vụ hiệu năng cao', '#005f73', '#00add8', 'go'],
  ['rust', 'Rust', 'Lập trình hệ thống', '#5c2a12', '#b7410e', 'rs'],
  ['java', 'Java', 'Doanh nghiệp', '#5b1a1a', '#c2410c', 'jvm'],
  ['docker', 'Docker', 'Container', '#0b3d91', '#2496ed', '[ ]'],
  ['kubernetes', 'Kubernetes', 'Điều phối', '#1d2b64', '#326ce5', 'k8s'],
  ['cloud', 'Cloud', 'Hạ tầng', '#0f3b4c', '#0e7490', '~/'],
  ['database', 'Database', 'Dữ liệu', '#3b1f5c', '#7c3aed', 'SQL'],
  ['security', 'Security', 'Bảo mật', '#3f1d1d', '#b91c1c', '***'],
  ['git', 'Git', 'Quản lý mã nguồn', '#5a1e0e', '#f05033', '-o-'],
  ['testing', 'Testing', 'Chất lượng', '#14532d', '#16a34a', 'ok'],
  ['ai', 'AI', 'Trí tuệ nhân tạo', '#3b0764', '#c026d3', 'AI'],
  ['mobile', 'Mobile', 'Ứng dụng di động', '#0c4a6e', '#0284c7', 'app'],
  ['devtools', 'Dev Tools', 'Công cụ', '#1f2937', '#4b5563', '>_'],
  ['linux', 'Linux', 'Dòng lệnh', '#262626', '#525252', '$'],
  ['architecture', 'Architecture', 'Thiết kế hệ thống', '#134e4a', '#0d9488', '[]-[]'],
  ['career', 'Career', 'Sự nghiệp', '#713f12', '#ca8a04', '++'],
];

function escapeXml(text) {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function thumbnail([name, label, caption, from, to, motif]) {
  const labelSize = label.length > 10 ? 52 : 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(label)}">
  <defs>
    <linearGradient id="bg-${name}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <pattern id="grid-${name}" width="32" height="32" patternUnits="userSpaceOnUse">
      <path d="M32 0H0V32" fill="none" stroke="#ffffff" stroke-opacity="0.07" stroke-width="1"/>
    </pattern>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg-${name})"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#grid-${name})"/>
  <circle cx="540" cy="70" r="150" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="600" cy="330" r="90" fill="#ffffff" fill-opacity="0.06"/>
  <text x="500" y="200" text-anchor="middle" font-family="ui-monospace, Menlo, Consolas, monospace" font-size="96" font-weight="700" fill="#ffffff" fill-opacity="0.22">${escapeXml(motif)}</text>
  <rect x="40" y="40" width="108" height="32" rx="16" fill="#ffffff" fill-opacity="0.16"/>
  <text x="94" y="62" text-anchor="middle" font-family="system-ui, 'Segoe UI', Roboto, Arial, sans-serif" font-size="16" font-weight="700" fill="#ffffff">DevHub</text>
  <text x="40" y="268" font-family="system-ui, 'Segoe UI', Roboto, Arial, sans-serif" font-size="${labelSize}" font-weight="800" fill="#ffffff">${escapeXml(label)}</text>
  <text x="42" y="312" font-family="system-ui, 'Segoe UI', Roboto, Arial, sans-serif" font-size="24" fill="#ffffff" fill-opacity="0.85">${escapeXml(caption)}</text>
</svg>
`;
}

runCli('thumbnails', () => {
  parseCli({ usage: USAGE });
  mkdirSync(OUT_DIR, { recursive: true });
  for (const topic of TOPICS) {
    writeFileSync(join(OUT_DIR, `${topic[0]}.svg`), thumbnail(topic));
  }
  process.stdout.write(`${TOPICS.length} thumbnails written to ${OUT_DIR}\n`);
});

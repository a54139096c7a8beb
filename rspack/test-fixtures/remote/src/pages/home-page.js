import { get } from 'http-lib';
import { layout } from './layout.js';

let digest = [];
let drawChart = () => '';

export async function loadHomeDigest() {
  const [{ HOME_DIGEST }, { chart }] = await Promise.all([import('../data/home-digest.js'), import('chart-lib')]);
  digest = HOME_DIGEST;
  drawChart = chart;
}

export async function HomePage() {
  return layout('home', [...digest, drawChart([1, 2]), await get('/api/news')].join(', '));
}

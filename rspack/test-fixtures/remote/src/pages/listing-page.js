import { chart } from 'chart-lib';
import { field } from 'form-lib';
import { view } from 'ui-kit';

let articles = [];

export async function loadArticles() {
  ({ SAMPLE_ARTICLES: articles } = await import('../data/sample-articles.js'));
}

export function ListingPage() {
  return view('listing', field('search').name, articles.join(', '), chart([articles.length]));
}

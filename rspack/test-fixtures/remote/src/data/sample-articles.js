export const SAMPLE_ARTICLES = ['Học React', 'Học Rspack', 'Module Federation'];

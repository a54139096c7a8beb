import { CATALOG_TEXT } from '../../../lib/catalog-text';

const numberFormat = new Intl.NumberFormat('vi-VN');

/** Vietnamese digit grouping: 1234 → "1.234". */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "1.234 lượt tải" */
export function formatDownloads(downloads: number): string {
  return `${formatCount(downloads)} ${CATALOG_TEXT.downloads}`;
}

/** "4.321 lượt xem" */
export function formatViews(views: number): string {
  return `${formatCount(views)} ${CATALOG_TEXT.views}`;
}

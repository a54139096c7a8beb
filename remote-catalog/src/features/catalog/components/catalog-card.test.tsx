import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../../test-support/render';
import type { CatalogItem } from '../model/catalog-types';
import { CatalogCard } from './catalog-card';

const item: CatalogItem = {
  id: '1',
  title: 'Generic trong TypeScript',
  description: 'Từ hàm tiện ích đến kiểu điều kiện.',
  thumbnail: '/assets/typescript.svg',
  tags: ['TypeScript'],
  views: 1648,
  downloads: 773,
  type: 'blog',
  // 20:30 UTC: already the next day in Vietnam.
  publishDate: new Date('2025-05-26T20:30:00.000Z'),
};

describe('CatalogCard', () => {
  it("dates an item by Vietnam's calendar whatever the zone it is rendered in (server or browser)", () => {
    renderWithProviders(<CatalogCard item={item} />);
    expect(screen.getByText('27/05/2025')).toBeInTheDocument();
  });
});

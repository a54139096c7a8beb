import { screen, waitFor } from '@testing-library/react';
import { loadCatalog } from '../../catalog/hooks/use-catalog';
import type * as rankTagsModule from '../../catalog/lib/rank-tags';
import { rankTags } from '../../catalog/lib/rank-tags';
import { renderCatalogPage } from '../../catalog/test/render-catalog-page';
import { ListingPage } from './listing-page';

jest.mock('../../catalog/lib/rank-tags', () => {
  const actual = jest.requireActual<typeof rankTagsModule>('../../catalog/lib/rank-tags');
  return { ...actual, rankTags: jest.fn(actual.rankTags) };
});

beforeAll(() => loadCatalog());

describe('ListingPage derivations', () => {
  it('never re-ranks the tags while the visitor types, pages or sorts', async () => {
    const { user, router } = await renderCatalogPage(<ListingPage kind="course" />, {
      route: '/courses',
      path: '/courses',
    });
    const ranked = jest.mocked(rankTags).mock.calls.length;
    expect(ranked).toBeGreaterThan(0);

    await user.type(screen.getByRole('searchbox', { name: 'Tìm trong danh sách' }), 'python');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('python'));
    await user.clear(screen.getByRole('searchbox', { name: 'Tìm trong danh sách' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sắp xếp' }), 'Xem nhiều nhất');
    await user.click(screen.getByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));

    expect(jest.mocked(rankTags).mock.calls.length).toBe(ranked);
  });
});

import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../../test-support/render';
import { CartPage } from '../../cart/components/cart-page';
import { RepoPage } from '../../repo/components/repo-page';
import { SettingPage } from '../../setting/components/setting-page';
import { ProfilePage } from './profile-page';

describe('account placeholder pages (spec §2)', () => {
  it.each([
    ['Profile', ProfilePage],
    ['RepoPage', RepoPage],
    ['Setting', SettingPage],
  ])('shows only the text heading %s', (heading, Page) => {
    const { container } = renderWithProviders(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toHaveAttribute('lang', 'en');
    expect(container.querySelector('section')?.textContent).toBe(heading);
  });

  it('shows just the word Cart, as its English heading', () => {
    const { container } = renderWithProviders(<CartPage />);
    expect(container.querySelector('section')?.textContent).toBe('Cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toHaveAttribute('lang', 'en');
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../../test-support/render';
import { LiveRegions } from './live-regions';
import { RouteEffects } from './route-effects';

/** A page whose heading arrives later, as a remote's does once its code is loaded. */
function Page({ title, to }: { title: string; to: string }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    document.title = `DevHub - ${title}`;
    const timer = setTimeout(() => setLoaded(true), 20);
    return () => clearTimeout(timer);
  }, [title]);
  if (!loaded) return <p>Đang tải nội dung…</p>;
  return (
    <>
      <h1>{title}</h1>
      <Link to={to}>tới {to}</Link>
    </>
  );
}

function Shell() {
  return (
    <>
      <LiveRegions />
      <nav>
        <Link to="/b">Trang B</Link>
      </nav>
      <input aria-label="Tìm kiếm" />
      <main id="main-content" tabIndex={-1}>
        <Routes>
          <Route path="/a" element={<Page title="Trang A" to="/b" />} />
          <Route path="/b" element={<Page title="Trang B" to="/a" />} />
        </Routes>
      </main>
      <RouteEffects />
    </>
  );
}

let scrollY = 0;
function scrollBy(y: number) {
  act(() => {
    scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  sessionStorage.clear();
  scrollY = 0;
  Object.defineProperty(window, 'scrollY', { get: () => scrollY, configurable: true });
  jest.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
    scrollY = options.top ?? 0;
  }) as typeof window.scrollTo);
});
afterEach(() => jest.restoreAllMocks());

const politeRegion = () => document.querySelector('[aria-live="polite"]');

describe('RouteEffects', () => {
  it('leaves focus alone on the first load, and moves nothing before the user acts', async () => {
    renderWithProviders(<Shell />, { route: '/a', path: '/*' });
    await screen.findByRole('heading', { name: 'Trang A' });
    expect(document.body).toHaveFocus();
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it("focuses the new page's h1 once it is rendered and says its title politely", async () => {
    const { user } = renderWithProviders(<Shell />, { route: '/a', path: '/*' });
    await screen.findByRole('heading', { name: 'Trang A' });
    await user.click(screen.getByRole('link', { name: 'Trang B' }));
    const heading = await screen.findByRole('heading', { name: 'Trang B' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(politeRegion()).toHaveTextContent('DevHub - Trang B'));
  });

  it('opens a new page at the top and brings Back to where the page was left', async () => {
    const { user, router } = renderWithProviders(<Shell />, { route: '/a', path: '/*' });
    await screen.findByRole('heading', { name: 'Trang A' });
    // A first entry of its own, as a link makes it (the very first entry has no key to keep).
    await user.click(screen.getByRole('link', { name: 'tới /b' }));
    await user.click(await screen.findByRole('link', { name: 'tới /a' }));
    await screen.findByRole('heading', { name: 'Trang A' });
    scrollBy(1800);

    await user.click(screen.getByRole('link', { name: 'Trang B' }));
    expect(window.scrollY).toBe(0);
    await screen.findByRole('heading', { name: 'Trang B' });

    await act(() => router.navigate(-1));
    expect(window.scrollY).toBe(1800);
  });

  it('does not take focus back from a control the user moved to meanwhile', async () => {
    const { user } = renderWithProviders(<Shell />, { route: '/a', path: '/*' });
    await screen.findByRole('heading', { name: 'Trang A' });
    await user.click(screen.getByRole('link', { name: 'Trang B' }));
    act(() => screen.getByRole('textbox', { name: 'Tìm kiếm' }).focus());
    await screen.findByRole('heading', { name: 'Trang B' });
    expect(screen.getByRole('textbox', { name: 'Tìm kiếm' })).toHaveFocus();
  });
});

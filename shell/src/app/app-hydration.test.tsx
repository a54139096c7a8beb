import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@devhub/shared/constants';
import { useSessionStore } from '@devhub/shared/session-store';
import { authApi } from '../../../test-support/auth-api-handlers';
import { hydrateServerMarkup } from '../../../test-support/hydrate';
import { routesOfTables } from '../features/remotes/registry-routes';
import { createRemoteHost } from '../features/remotes/remote-host';
import { SHELL_BUILD } from '../test/federation-fixtures';
import { useThemeStore } from '../features/theme/theme-store';
import { App } from './app';

/** The helper provides the router, as the server renderer's StaticRouter does. */
function Passthrough({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

function Home() {
  return <h1>Tài nguyên cho lập trình viên</h1>;
}

describe('the shell rendered ahead of time', () => {
  const host = createRemoteHost(SHELL_BUILD);
  beforeAll(() => {
    host.adoptPage('catalog/HomePage', Home);
    // The routes the registry lists, as the server renderer sets them before it renders.
    host.routes.setRoutes(
      routesOfTables({
        catalog: [{ expose: 'HomePage', what: 'trang chủ', layout: 'main', access: 'public', routes: [{ path: '/' }] }],
      }),
    );
  });
  afterEach(() => {
    useThemeStore.setState({ mode: 'system' });
    document.documentElement.className = '';
  });

  it("hydrates a visitor's page without a mismatch, then shows what only the browser knows: the session and the saved theme", async () => {
    const page = await hydrateServerMarkup(<App host={host} eagerToaster={false} Router={Passthrough} />, {
      beforeHydrate: () => {
        authApi.addAccount();
        localStorage.setItem(STORAGE_KEYS.accessToken, authApi.tokenFor());
        localStorage.setItem(STORAGE_KEYS.theme, 'dark');
        useSessionStore.getState().syncFromStorage();
        useThemeStore.setState({ mode: 'dark' });
        // What index.html's inline script does before the first paint.
        document.documentElement.classList.add('dark');
      },
    });

    expect(page.errors).toEqual([]);
    // The server knew no session and no theme...
    expect(page.serverHtml).toContain('Đăng nhập');
    expect(page.serverHtml).toContain('Giao diện: theo hệ thống');
    // ...and rendered the page of the route the registry lists, not a placeholder.
    expect(page.serverHtml).toContain('Tài nguyên cho lập trình viên');
    // ...the page then shows the visitor's, and the dark theme was never taken off.
    expect(await screen.findByRole('button', { name: /^Mở menu tài khoản/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Đăng nhập' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Giao diện: tối/ })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('heading', { name: 'Tài nguyên cho lập trình viên' })).toBeInTheDocument();
    page.unmount();
  });
});

import { lazy, StrictMode, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter, Link, Outlet, Route, Routes } from 'react-router';
import { STORAGE_KEYS, TOAST_DURATION_MS } from '@devhub/shared/constants';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { readStorage } from '@devhub/shared/browser-storage';
import type { RemoteRoute, RemoteRouteTable } from '@devhub/shared/remote-contract';
import { useSessionStore } from '@devhub/shared/session-store';

/** Imports one of the remote's expose files by its name (`home-page`): `(file) => import(\`./exposes/${file}.tsx\`)`. */
export type ExposeImporter = (file: string) => Promise<Record<string, unknown>>;

const frameStyle = {
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '0.75rem 1.25rem',
    alignItems: 'center',
    padding: '0.75rem 1.5rem',
    borderBottom: '1px dashed var(--color-border)',
    background: 'var(--color-surface)',
    fontSize: '0.875rem',
  },
  badge: { fontWeight: 700 },
  main: { padding: '1.5rem' },
} as const;

interface FrameRoute {
  path: string;
  title?: string | undefined;
}

function Frame({ remote, routes }: { remote: string; routes: readonly FrameRoute[] }) {
  useEffect(() => {
    const saved = readStorage(STORAGE_KEYS.theme);
    const dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  }, []);
  return (
    <>
      <header style={frameStyle.header}>
        <span style={frameStyle.badge}>{remote} · chạy riêng</span>
        <nav aria-label={remote}>
          {routes.map((route) => (
            <Link key={route.path} to={route.path} style={{ marginRight: '1rem' }}>
              {route.title ?? SHELL_TEXT.nav.home}
            </Link>
          ))}
        </nav>
      </header>
      <main style={frameStyle.main} id="main-content">
        <Outlet />
      </main>
      <Toaster position="top-center" toastOptions={{ success: { duration: TOAST_DURATION_MS.success } }} />
    </>
  );
}

/** "/" of a remote that has no page there (the shell's home is elsewhere): where a sign-in lands. */
function FrameHome() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const signOut = useSessionStore((state) => state.signOut);
  return (
    <section>
      <h1>{SHELL_TEXT.nav.home}</h1>
      {isAuthenticated && (
        <button type="button" onClick={signOut}>
          {SHELL_TEXT.userMenu.logout}
        </button>
      )}
    </section>
  );
}

/** The name of an expose file: "./src/app/exposes/home-page.tsx" → "home-page". */
const exposeFileName = (file: string) => file.slice(file.lastIndexOf('/') + 1).replace(/\.tsx?$/, '');

/**
 * Renders a remote's pages on their own, in a minimal frame, so its team can run and test it
 * without the shell (`npm start -w remote-account`). The pages and their paths come from the
 * remote's route table; each is loaded from its own expose file, as the shell would get it.
 */
export function renderStandalone(remote: string, table: RemoteRouteTable, importExpose: ExposeImporter): void {
  const routes = table.flatMap((page) => page.routes.map((route) => ({ ...route, page })));
  const pages = new Map<RemoteRoute, LazyExoticComponent<ComponentType<object>>>();
  const pageOf = (page: RemoteRoute) => {
    if (!pages.has(page)) {
      pages.set(
        page,
        lazy(async () => ({
          default: (await importExpose(exposeFileName(page.file)))[page.expose] as ComponentType<object>,
        })),
      );
    }
    return pages.get(page)!;
  };
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route element={<Frame remote={remote} routes={routes} />}>
            {!routes.some((route) => route.path === '/') && <Route path="/" element={<FrameHome />} />}
            {routes.map((route) => {
              const Page = pageOf(route.page);
              return (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    <Suspense fallback={null}>
                      <Page key={route.path} {...route.props} />
                    </Suspense>
                  }
                />
              );
            })}
          </Route>
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
}

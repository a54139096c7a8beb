import { lazy, StrictMode, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter, Link, Outlet, Route, Routes } from 'react-router';
import { STORAGE_KEYS, TOAST_DURATION_MS } from '@devhub/shared/constants';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { readStorage } from '@devhub/shared/browser-storage';
import {
  ROUTES,
  exportNameOf,
  exposeFileOf,
  remoteOf,
  type AppRoute,
  type RemoteModuleId,
  type RemoteName,
} from '@devhub/shared/remote-contract';
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

function Frame({ remote, routes }: { remote: RemoteName; routes: readonly AppRoute[] }) {
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

/**
 * Renders a remote's pages on their own, in a minimal frame, so its team can run and test it
 * without the shell (`npm start -w remote-account`). The pages and their paths come from the page
 * table; each is loaded from the remote's own expose file, as the shell would get it.
 */
export function renderStandalone(remote: RemoteName, importExpose: ExposeImporter): void {
  const routes = ROUTES.filter((route) => remoteOf(route.module) === remote);
  const pages = new Map<RemoteModuleId, LazyExoticComponent<ComponentType<object>>>();
  const pageOf = (module: RemoteModuleId) => {
    if (!pages.has(module)) {
      const name = exportNameOf(module);
      pages.set(
        module,
        lazy(async () => ({ default: (await importExpose(exposeFileOf(name)))[name] as ComponentType<object> })),
      );
    }
    return pages.get(module)!;
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
              const Page = pageOf(route.module);
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

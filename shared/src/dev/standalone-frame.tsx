import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter, Link, Outlet, Route, Routes } from 'react-router';
import { STORAGE_KEYS, TOAST_DURATION_MS } from '../constants';
import { readStorage } from '../lib/browser-storage';

export interface StandaloneRoute {
  path: string;
  /** Shown in the frame's navigation when set. */
  label?: string;
  element: ReactNode;
}

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

function Frame({ appName, routes }: { appName: string; routes: readonly StandaloneRoute[] }) {
  useEffect(() => {
    const saved = readStorage(STORAGE_KEYS.theme);
    const dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  }, []);
  return (
    <>
      <header style={frameStyle.header}>
        <span style={frameStyle.badge}>{appName} · chạy riêng</span>
        <nav aria-label={appName}>
          {routes
            .filter((route) => route.label)
            .map((route) => (
              <Link key={route.path} to={route.path} style={{ marginRight: '1rem' }}>
                {route.label}
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

/**
 * Renders a remote's pages on their own, in a minimal frame, so its team can run and test it
 * without the shell (`npm start -w remote-account`).
 */
export function renderStandalone(appName: string, routes: readonly StandaloneRoute[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route element={<Frame appName={appName} routes={routes} />}>
            {routes.map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Route>
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
}

import { useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { LiveRegions } from '../features/a11y/live-regions';
import { RouteEffects } from '../features/a11y/route-effects';
import { OverrideBadgeSlot } from '../features/remotes/components/override-badge-slot';
import { TelemetryReporter } from '../features/telemetry/telemetry-reporter';
import { AppToaster } from '../features/toaster/components/app-toaster';
import { useApplyTheme } from '../features/theme/use-apply-theme';
import { RenderTimeProvider } from '../features/prerender/render-time';
import type { RemoteHost } from '../features/remotes/remote-host';
import { RemoteHostProvider } from './remote-host-provider';
import { AppRoutes } from './router';

interface AppProps {
  /** The shell's remote host: the browser's one, or the server renderer's for this render. */
  host: RemoteHost;
  /** A toast is due at startup, so the toaster must not wait for the first page. */
  eagerToaster: boolean;
  /** The browser's router; the server renderer passes one fixed on the route it renders. */
  Router?: ComponentType<{ children: ReactNode }>;
  /**
   * When the markup being hydrated or rendered was rendered (ISO): the server renderer's render, or
   * a prerendered page's record as the bootstrap read it; none for a page rendered in the browser.
   */
  renderedAt?: string;
}

/**
 * Navigations render at once, not as transitions: a navigation and a session change made
 * together (signing out on an account page, then going home) land in one render, so the
 * signed-in-only page never sees the session gone and redirects to the sign-in page.
 */
function ImmediateRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

export function App({ host, eagerToaster, Router = ImmediateRouter, renderedAt }: AppProps) {
  useApplyTheme();
  // The chrome is rendered or hydrated and its effects ran.
  useEffect(() => host.firstPage.chromeReady(), [host]);
  return (
    <RemoteHostProvider host={host}>
      <RenderTimeProvider renderedAt={renderedAt}>
        <LiveRegions />
        <Router>
          <AppRoutes />
          <RouteEffects />
          <TelemetryReporter />
        </Router>
        <AppToaster eager={eagerToaster} />
        <OverrideBadgeSlot />
      </RenderTimeProvider>
    </RemoteHostProvider>
  );
}

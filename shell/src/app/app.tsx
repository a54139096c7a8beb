import { BrowserRouter } from 'react-router';
import { OverrideBadge } from '../features/remotes/components/override-badge';
import { AppToaster } from '../features/toaster/components/app-toaster';
import { useApplyTheme } from '../features/theme/use-apply-theme';
import { AppRoutes } from './router';

/** `eagerToaster`: a toast is due at startup, so the toaster must not wait for the first page. */
export function App({ eagerToaster }: { eagerToaster: boolean }) {
  useApplyTheme();
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AppToaster eager={eagerToaster} />
      <OverrideBadge />
    </>
  );
}

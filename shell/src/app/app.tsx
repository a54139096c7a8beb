import { BrowserRouter } from 'react-router';
import { OverrideBadge } from '../features/remotes/components/override-badge';
import { AppToaster } from '../features/toaster/components/app-toaster';
import { useApplyTheme } from '../features/theme/use-apply-theme';
import { AppRoutes } from './router';

export function App() {
  useApplyTheme();
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AppToaster />
      <OverrideBadge />
    </>
  );
}

import { RouterProvider } from 'react-router';
import { OverrideBadge } from '../features/remotes/components/override-badge';
import { AppToaster } from '../features/toaster/components/app-toaster';
import { useApplyTheme } from '../features/theme/use-apply-theme';
import type { createAppRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  useApplyTheme();
  return (
    <>
      <RouterProvider router={router} />
      <AppToaster />
      <OverrideBadge />
    </>
  );
}

// The async boundary lets the federation runtime negotiate shared singletons before any of them
// runs. The remotes start beside the React app's own download rather than after it, so the
// current route's remote page is already on its way when React first renders.
const remotesStarted = import('./app/start-remotes').then(({ startRemotes }) => startRemotes());

import('./app/bootstrap')
  .then(({ render }) => render(remotesStarted))
  .catch((error: unknown) => {
    console.error('[shell] failed to start', error);
  });

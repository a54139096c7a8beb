// The async boundary lets the federation runtime negotiate shared singletons before any of them runs.
import('./app/bootstrap')
  .then(({ start }) => start())
  .catch((error: unknown) => {
    console.error('[shell] failed to start', error);
  });

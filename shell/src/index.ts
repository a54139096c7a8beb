// The async boundary lets the federation runtime negotiate shared singletons before any of them runs.
import('./app/bootstrap').catch((error: unknown) => {
  console.error('[shell] failed to start', error);
});

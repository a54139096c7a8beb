// Running alone: the async boundary lets the federation runtime set up shared singletons first.
import('./app/bootstrap').catch((error: unknown) => {
  console.error('failed to start', error);
});

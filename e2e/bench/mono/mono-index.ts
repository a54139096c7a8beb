// The baseline's entry. Without federation there are no shared singletons to negotiate, so it
// needs no async boundary: the shell starts from one initial bundle, as a one-bundle app would.
import { render } from '../../../shell/src/app/bootstrap';
import { startRemotes } from '../../../shell/src/app/start-remotes';

render(startRemotes()).catch((error: unknown) => {
  console.error('[shell] failed to start', error);
});

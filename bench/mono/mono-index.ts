// The baseline's entry. Without federation there are no shared singletons to negotiate, so it
// needs no async boundary: the shell starts from one initial bundle, as a one-bundle app would.
import { start } from '../../shell/src/app/bootstrap';

start();

// The script a page runs inline after #root: index.html's `bodyScript`, bundled on its own
// (rspack/inline-script-plugin.ts).
import { startBody } from './start-page';

startBody();

// The script a page runs inline in its head, before the shell's bundle: index.html's
// `headScript`, bundled on its own (rspack/inline-script-plugin.ts). It sits after the page's data
// island, which it reads.
import { startPage } from './start-page';

startPage();

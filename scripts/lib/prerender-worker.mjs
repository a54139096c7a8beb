// @ts-check
// The child process of a prerender (prerender.mjs): loads the shell's server renderer and the
// remotes' server builds, renders and sends the pages back; the parent stops it then.
import { createRequire } from 'node:module';

process.once('message', async (message) => {
  const { shellServer, input } = /** @type {{ shellServer: string, input: Record<string, unknown> }} */ (message);
  try {
    const renderer = createRequire(import.meta.url)(shellServer);
    const results = await renderer.prerender(input);
    process.send?.({ results });
  } catch (error) {
    process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});

// @ts-check
// The child process of a prerender (render-sandbox.mjs): loads the shell's server renderer and the
// remotes' server builds from the verified mirror, renders and sends the pages back; the parent
// stops it then. A failure goes back as its message: never a stack, which names local files.
import { createRequire } from 'node:module';

process.once('message', async (message) => {
  const { shellServer, input } = /** @type {{ shellServer: string, input: Record<string, unknown> }} */ (message);
  try {
    const renderer = createRequire(import.meta.url)(shellServer);
    const results = await renderer.prerender(input);
    process.send?.({ results });
  } catch (error) {
    process.send?.({ error: error instanceof Error ? error.message : String(error) });
  }
});

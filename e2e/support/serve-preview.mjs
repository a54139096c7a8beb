// The `preview` project's webServer: the production build served the way a static host serves
// it (shell, three remotes on their own origins, the auth API on an empty temporary database),
// on E2E_PREVIEW_PORT or any free port. Prints the shell's URL once everything answers.
import { startStack } from './stack.mjs';

const stack = await startStack({ api: true, shellPort: Number(process.env.E2E_PREVIEW_PORT ?? 0) });
console.log(`preview ready at ${stack.shellUrl}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stack.stop().finally(() => process.exit(0));
  });
}

import { readConfig } from './config.ts';
import { startServer } from './server.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function run(env: NodeJS.ProcessEnv, defaultDataDir: string): Promise<void> {
  const config = readConfig(env, defaultDataDir);
  const app = await startServer(config);
  const address = app.server.address();
  app.log.info(
    { dataDir: config.dataDir, port: typeof address === 'object' ? address?.port : undefined },
    'auth-api ready',
  );

  const shutdown = (signal: NodeJS.Signals) => {
    app.log.info({ signal }, 'shutting down');
    // A request that never finishes must not keep the process alive forever.
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exitCode = 1;
      },
    );
  };
  // `once`: a second Ctrl+C falls back to Node's default and ends the process at once.
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/** `node dist/main.js`: configuration from the environment, one line on stderr and exit code 1 if it cannot start. */
export function runMain(env: NodeJS.ProcessEnv, defaultDataDir: string): void {
  run(env, defaultDataDir).catch((error: unknown) => {
    console.error('auth-api failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

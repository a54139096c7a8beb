import { startCollector } from './collector.ts';
import { readConfig, USAGE } from './config.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function run(env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const config = readConfig(env, args);
  const collector = await startCollector(config);
  collector.app.log.info(
    { registryFile: config.registryFile, port: collector.port, metricsPort: collector.metricsPort },
    'telemetry ready',
  );

  const shutdown = (signal: NodeJS.Signals) => {
    collector.app.log.info({ signal }, 'shutting down');
    // A request that never finishes must not keep the process alive forever.
    const force = setTimeout(() => {
      collector.app.log.error('graceful shutdown timed out, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    collector.close().then(
      () => collector.app.log.info('stopped'),
      (error: unknown) => {
        collector.app.log.error({ err: error }, 'shutdown failed');
        process.exitCode = 1;
      },
    );
  };
  // `once`: a second Ctrl+C falls back to Node's default and ends the process at once.
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/** `node dist/main.js`: one line on stderr and exit code 1 if it cannot start. */
export function runMain(env: NodeJS.ProcessEnv, args: string[]): void {
  run(env, args).catch((error: unknown) => {
    console.error('telemetry failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

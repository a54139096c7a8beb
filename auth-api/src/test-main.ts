import { runMain } from './cli.ts';

// The API as `node dist/main.js` runs it, for tests that start, kill and restart real processes.
runMain(process.env, process.env.AUTH_API_DATA_DIR ?? '');

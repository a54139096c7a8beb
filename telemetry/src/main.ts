import { runMain } from './cli.ts';

runMain(process.env, process.argv.slice(2));

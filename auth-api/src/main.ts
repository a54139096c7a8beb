import { fileURLToPath } from 'node:url';
import { runMain } from './cli.ts';

runMain(process.env, fileURLToPath(new URL('../data', import.meta.url)));

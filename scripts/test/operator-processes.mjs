// @ts-check
// For the tests of the registry's lock and compare-and-swap: Node processes of their own, as two
// operators' terminals would be, each running remotes commands when told to. They start once per
// test, not once per command: a command's race is with the other processes' commands, not with
// Node's start-up, which on a loaded machine took most of the time and spread the commands of one
// round hundreds of milliseconds apart (fewer of them then met at all).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../lib/apps.mjs';

const COMMANDS_URL = pathToFileURL(join(ROOT, 'scripts/lib/remotes-commands.mjs')).href;

// Each message names a command of remotes-commands.mjs and its options; the answer is its outcome,
// as a terminal shows it: exit code 0, or 1 and the error's line.
const DRIVER = `
  const commands = await import(${JSON.stringify(COMMANDS_URL)});
  process.on('message', async ({ id, command, options }) => {
    try {
      await commands[command](options);
      process.send({ id, code: 0, stderr: '' });
    } catch (error) {
      process.send({ id, code: 1, stderr: String(error?.stack ?? error) });
    }
  });
  process.send({ ready: true });
`;

/**
 * @typedef {{ code: number | null, stderr: string }} Outcome
 * @typedef {{ run: (command: string, options: object) => Promise<Outcome>, stop: () => Promise<void> }} OperatorProcess
 */

/**
 * Starts a Node process that runs remotes commands; resolves once it has loaded them.
 *
 * @returns {Promise<OperatorProcess>}
 */
function startOperator() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', DRIVER], {
    // Jest gives each test file a process.env of its own: a child inherits the real one unless given it.
    env: { ...process.env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  /** @type {Map<number, (outcome: Outcome) => void>} */
  const waiting = new Map();
  let next = 0;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // A process that dies answers every command it still owes as a terminal would: its code, its stderr.
  exited.then((code) => {
    for (const answer of waiting.values()) answer({ code: /** @type {number | null} */ (code) ?? 1, stderr });
    waiting.clear();
  });
  child.on('message', (/** @type {any} */ message) => {
    const answer = waiting.get(message.id);
    waiting.delete(message.id);
    answer?.({ code: message.code, stderr: message.stderr });
  });
  const operator = {
    /** @param {string} command @param {object} options */
    run: (command, options) =>
      new Promise((resolve) => {
        next += 1;
        waiting.set(next, resolve);
        child.send({ id: next, command, options });
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(/** @type {OperatorProcess} */ (operator)));
    exited.then(() => reject(new Error(`an operator process exited before it was ready:\n${stderr}`)));
  });
}

/**
 * `count` operator processes for the length of `work`, stopped after it whatever it does.
 *
 * @template T
 * @param {number} count
 * @param {(operators: OperatorProcess[]) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withOperators(count, work) {
  const started = await Promise.allSettled(Array.from({ length: count }, startOperator));
  const operators = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return await work(operators);
  } finally {
    await Promise.all(operators.map((operator) => operator.stop()));
  }
}

// @ts-check
// Runs a README command line as a newcomer's terminal would: `bash -c <line>` in a workspace copy,
// with a plain environment (none of the test runner's), to its end, or, for a server, until it is
// ready and its URL answers, then stopped with everything it started.
import { spawn } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';

/**
 * How long one line may run before it counts as hung: a hang budget, never a measurement (the
 * slowest, a build of every app then three deploys, took minutes beside another suite).
 */
const HANG_BUDGET_MS = 900_000;

/** Variables of the test process a newcomer's shell does not have, which would change what a line does. */
const NOT_INHERITED = /^(NODE_ENV|JEST_WORKER_ID|DEVHUB_.*|AZURE_STORAGE_CONNECTION_STRING|NODE_OPTIONS)$/;

/**
 * This process's environment without the test runner's settings, plus `extra`.
 *
 * @param {Record<string, string>} extra
 */
export function newcomerEnv(extra) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_INHERITED.test(name)));
  return { ...env, FORCE_COLOR: '0', ...extra };
}

/**
 * @param {string} line
 * @param {{ cwd: string, env: Record<string, string | undefined> }} options
 */
function spawnLine(line, { cwd, env }) {
  // Its own process group: stopping a server stops every process the line started.
  const child = spawn('bash', ['-c', line], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  /** @type {Promise<number | null>} */
  const ended = new Promise((resolve) => child.on('close', (code, signal) => resolve(signal ? null : code)));
  const kill = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  return { child, ended, kill, output: () => output };
}

/**
 * Runs a line to its end.
 *
 * @param {string} line
 * @param {{ cwd: string, env: Record<string, string | undefined> }} options
 * @returns {Promise<{ code: number | null, output: string }>}
 */
export async function runLine(line, options) {
  const run = spawnLine(line, options);
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    run.kill('SIGKILL');
  }, HANG_BUDGET_MS);
  const code = await run.ended;
  clearTimeout(timer);
  const verdict = hung ? `\n[still running after ${HANG_BUDGET_MS / 1000} s, stopped]` : '';
  return { code, output: `${run.output()}${verdict}` };
}

/**
 * The status a URL answers with (a self-signed local certificate accepted), or undefined when
 * nothing answers.
 *
 * @param {string} url
 * @returns {Promise<{ status: number | undefined, location?: string, body: string }>}
 */
export function request(url) {
  const get = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve) => {
    const req = get(url, { rejectUnauthorized: false, timeout: 60_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, location: response.headers.location, body }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: undefined, body: '' }));
  });
}

/**
 * Starts a server line, waits for its `ready` output and for `url` to answer (below 500), calls
 * `whileUp`, then stops it. Rejects with what it printed if it ends first or never gets there.
 *
 * @param {string} line
 * @param {{ cwd: string, env: Record<string, string | undefined>, ready: RegExp, url: string,
 *   whileUp?: (output: string) => Promise<void> }} options
 */
export async function runServerLine(line, { cwd, env, ready, url, whileUp = async () => {} }) {
  const run = spawnLine(line, { cwd, env });
  let ended = false;
  void run.ended.then(() => (ended = true));
  const deadline = Date.now() + HANG_BUDGET_MS;
  const fail = (/** @type {string} */ why) => new Error(`${line}: ${why}\n${run.output()}`);
  try {
    while (!ready.test(run.output())) {
      if (ended) throw fail('ended before it was ready');
      if (Date.now() > deadline) throw fail('not ready within the hang budget');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A dev server answers once its first compilation is done.
    for (let answer = await request(url); !(answer.status && answer.status < 500); answer = await request(url)) {
      if (ended) throw fail(`ended before ${url} answered`);
      if (Date.now() > deadline) throw fail(`${url} did not answer within the hang budget`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (ended) throw fail('ended while it was checked');
    await whileUp(run.output());
  } finally {
    run.kill('SIGTERM');
    const forced = setTimeout(() => run.kill('SIGKILL'), 10_000);
    await run.ended;
    clearTimeout(forced);
    // What a child left behind in the group (npm's bash, a dev server's worker) goes too.
    run.kill('SIGKILL');
  }
  return run.output();
}

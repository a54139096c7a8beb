// Runs several long-lived processes as one: prefixed output, and one Ctrl-C stops them all.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';

const COLORS = [36, 35, 33, 32, 34, 31];

export function prefixLines(stream, label, colorIndex, write) {
  let pending = '';
  const prefix = process.stdout.isTTY
    ? `\u001b[${COLORS[colorIndex % COLORS.length]}m[${label}]\u001b[0m `
    : `[${label}] `;
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) write(`${prefix}${line}\n`);
  });
  stream.on('end', () => {
    if (pending) write(`${prefix}${pending}\n`);
  });
}

export class ProcessGroup {
  children = [];
  stopping = false;

  constructor() {
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => this.stop(0));
    }
  }

  run(label, command, args, options = {}) {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
    const index = this.children.length;
    prefixLines(child.stdout, label, index, (text) => process.stdout.write(text));
    prefixLines(child.stderr, label, index, (text) => process.stderr.write(text));
    // Nothing in the group is meant to end on its own: any exit, even with code 0, is a failure.
    child.on('exit', (code, signal) => this.#died(label, signal ? `signal ${signal}` : `code ${code}`, code || 1));
    child.on('error', (error) => this.#died(label, error.message, 1));
    this.children.push(child);
    return child;
  }

  #died(label, how, exitCode) {
    if (this.stopping) return;
    process.stderr.write(`[${label}] exited unexpectedly (${how}); stopping everything.\n`);
    this.stop(exitCode);
  }

  stop(exitCode) {
    if (this.stopping) return;
    this.stopping = true;
    // Set now: once the children are gone nothing keeps this process alive, and it may end
    // before the timer below fires.
    process.exitCode = exitCode;
    for (const child of this.children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    }
    setTimeout(() => process.exit(exitCode), 500).unref();
  }
}

export function waitForPort(port, host = 'localhost', timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect({ port, host });
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 250);
      });
    };
    attempt();
  });
}

export function isPortFree(port, host = 'localhost') {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.end();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

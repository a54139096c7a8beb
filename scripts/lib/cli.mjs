// @ts-check
// What every command of the repository does with its arguments and its failures, in one place:
// `--help`/`-h` prints its usage (exit 0); an unknown option, a missing or invalid argument or a
// file-system error is one line on stderr naming the problem (exit 1), never a stack trace. Only
// a bug nobody anticipated shows its stack, and only with DEVHUB_DEBUG=1.
import { parseArgs } from 'node:util';

/** @typedef {NonNullable<import('node:util').ParseArgsConfig['options']>} OptionsConfig */

/** An error a command reports as one clear line (exit 1), not as a crash. */
export class CliError extends Error {
  /** @override */
  name = 'CliError';
}

/** A wrong command line: the command reports it as one line pointing at --help. */
export class UsageError extends CliError {
  /** @override */
  name = 'UsageError';
}

/** Thrown by `parseCli` for --help: `runCli` prints the usage and exits 0. */
class HelpRequested extends Error {
  /** @override */
  name = 'HelpRequested';

  /** @param {string} usage */
  constructor(usage) {
    super('help requested');
    this.usage = usage;
  }
}

/**
 * `node:util`'s parseArgs, strict, with `--help`/`-h` added. `usage` may depend on the positional
 * arguments (a command's subcommands each have theirs).
 *
 * @template {OptionsConfig} O
 * @param {{ usage: string | ((positionals: string[]) => string), options?: O, allowPositionals?: boolean, args?: string[] }} spec
 * @returns {{ values: { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string }, positionals: string[] }}
 */
export function parseCli({ usage, options, allowPositionals = false, args = process.argv.slice(2) }) {
  const parsed = parseArgs({
    args,
    strict: true,
    allowPositionals,
    options: /** @type {OptionsConfig} */ ({ ...options, help: { type: 'boolean', short: 'h' } }),
  });
  if (parsed.values.help) throw new HelpRequested(typeof usage === 'function' ? usage(parsed.positionals) : usage);
  return /** @type {any} */ (parsed);
}

/** @type {Record<string, string>} */
const SYSTEM_ERRORS = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'part of the path is a file, not a folder',
  ENOENT: 'no such file or folder',
  EEXIST: 'already exists',
  EISDIR: 'is a folder, not a file',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EMFILE: 'too many open files',
};

/** @type {Record<string, string>} */
const SYSCALL_VERBS = {
  mkdir: 'cannot create',
  open: 'cannot open',
  rename: 'cannot move',
  rmdir: 'cannot remove',
  unlink: 'cannot remove',
  scandir: 'cannot read',
  copyfile: 'cannot copy',
  write: 'cannot write',
  stat: 'cannot read',
  lstat: 'cannot read',
};

/**
 * @param {unknown} error
 * @returns {error is NodeJS.ErrnoException & { code: string, syscall: string }}
 */
const isSystemError = (error) =>
  error instanceof Error &&
  typeof (/** @type {NodeJS.ErrnoException} */ (error).code) === 'string' &&
  /^E[A-Z]+$/.test(/** @type {string} */ (/** @type {NodeJS.ErrnoException} */ (error).code)) &&
  typeof (/** @type {NodeJS.ErrnoException} */ (error).syscall) === 'string';

/**
 * The line a command prints for a failure, or `undefined` for a failure nobody anticipated.
 *
 * @param {unknown} error
 * @param {Array<new (...args: never[]) => Error>} known  error classes whose message is meant for the user
 * @returns {string | undefined}
 */
export function describeFailure(error, known = []) {
  if (!(error instanceof Error)) return undefined;
  const code = /** @type {NodeJS.ErrnoException} */ (error).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
    const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
    const option = quoted
      .replace(/ <value>$/, '')
      .split(', ')
      .pop();
    const what =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `unknown option ${option}`
        : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
          ? `unexpected argument "${quoted}"`
          : / argument missing/.test(error.message)
            ? `${option} needs a value`
            : / argument is ambiguous/.test(error.message)
              ? `${option} needs a value (one starting with "-" is written ${option}=<value>)`
              : / does not take an argument/.test(error.message)
                ? `${option} takes no value`
                : error.message.split('\n')[0];
    return `${what} (see --help)`;
  }
  if (error instanceof UsageError) return `${error.message} (see --help)`;
  if (error instanceof CliError || known.some((type) => error instanceof type)) return error.message;
  if (isSystemError(error)) {
    const reason = SYSTEM_ERRORS[error.code] ?? error.message.split('\n')[0];
    const verb = SYSCALL_VERBS[error.syscall] ?? `${error.syscall} failed on`;
    return error.path ? `${verb} ${error.path}: ${reason} (${error.code})` : `${reason} (${error.code})`;
  }
  return undefined;
}

/**
 * Prints what a failed command has to say and exits: the usage for --help (0), one line for
 * anything anticipated (1), and a stack only with DEVHUB_DEBUG=1.
 *
 * @param {string} name  the command, as its lines start ("deploy")
 * @param {unknown} error
 * @param {Array<new (...args: never[]) => Error>} known
 * @returns {never}
 */
function exitWith(name, error, known) {
  if (error instanceof HelpRequested) {
    process.stdout.write(`${error.usage}\n`);
    process.exit(0);
  }
  const line = describeFailure(error, known);
  if (line !== undefined) {
    process.stderr.write(`${name}: ${line}\n`);
  } else if (process.env.DEVHUB_DEBUG === '1') {
    process.stderr.write(`${name}: unexpected error\n${error instanceof Error ? error.stack : String(error)}\n`);
  } else {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    process.stderr.write(`${name}: unexpected error: ${message} (DEVHUB_DEBUG=1 shows where)\n`);
  }
  process.exit(1);
}

/**
 * `parseCli` for a command that reads its arguments before it starts: prints the usage or the
 * problem and exits, instead of throwing.
 *
 * @template {OptionsConfig} O
 * @param {string} name
 * @param {Parameters<typeof parseCli<O>>[0]} spec
 */
export function parseCliOrExit(name, spec) {
  try {
    return parseCli(spec);
  } catch (error) {
    return exitWith(name, error, []);
  }
}

/**
 * Runs a command's `main` and turns its outcome into an exit: a number it resolves to is the exit
 * code; `undefined` leaves the process to end on its own (servers, child processes).
 *
 * @param {string} name  the command, as its lines start ("deploy")
 * @param {() => Promise<number | void> | number | void} main
 * @param {{ known?: Array<new (...args: never[]) => Error> }} [options]  error classes whose
 *   message is meant for the user
 */
export function runCli(name, main, { known = [] } = {}) {
  return Promise.resolve()
    .then(main)
    .then(
      (code) => {
        if (typeof code === 'number') process.exit(code);
      },
      (error) => exitWith(name, error, known),
    );
}

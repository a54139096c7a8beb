// WebKit's console, as WebKitGTK writes it to the browser's standard output (the embedder turns
// that on): one line per message, `[<url>:<line>:<column>: ]CONSOLE [<SOURCE> ]<LEVEL> <text>`,
// e.g. `CONSOLE SECURITY ERROR Refused to load …` or `https://…/main.js:1:20: CONSOLE JS ERROR TypeError: …`.

const LINE = /(?:^|: )CONSOLE (?:([A-Z]+) )?(LOG|WARN|ERROR|DEBUG|INFO) (.*)$/;

const LEVELS = { LOG: 'log', WARN: 'warning', ERROR: 'error', DEBUG: 'debug', INFO: 'info' };

/**
 * @typedef {{ level: 'log' | 'warning' | 'error' | 'debug' | 'info', text: string }} ConsoleMessage
 */

/**
 * The message a line of the browser's output holds, or undefined for any other line (the driver's
 * own, GTK's, a message's second line).
 *
 * @param {string} line
 * @returns {ConsoleMessage | undefined}
 */
export function parseConsoleLine(line) {
  const match = LINE.exec(line);
  if (!match) return undefined;
  const [, source, level = 'LOG', text = ''] = match;
  return {
    level: /** @type {ConsoleMessage['level']} */ (LEVELS[/** @type {keyof typeof LEVELS} */ (level)]),
    text: source ? `${source.toLowerCase()}: ${text}` : text,
  };
}

/**
 * Collects the console messages in a stream of the browser's output, line by line.
 *
 * @param {NodeJS.ReadableStream} stream
 */
export function collectConsole(stream) {
  /** @type {ConsoleMessage[]} */
  const messages = [];
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const message = parseConsoleLine(line);
      if (message) messages.push(message);
    }
  });
  return {
    /** The messages written since the last call. */
    take: () => messages.splice(0, messages.length),
  };
}

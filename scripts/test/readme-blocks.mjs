// @ts-check
// The command lines of a Markdown document's shell blocks (```bash, ```sh, ```shell, ```console,
// ```zsh), as a reader would copy them: what the README test runs or says why it does not.

/** The info strings of a fenced block that holds commands to type. */
const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);

/**
 * @typedef {object} CommandLine
 * @property {number} line  1-based line number of its first line in the document
 * @property {string} text  the line as written, continuation lines joined, comment kept
 * @property {string} command  the command alone: its trailing `# …` comment and `$ ` prompt removed,
 *   runs of blanks made one
 * @property {string} comment  the trailing comment's text ('' when none)
 */

/**
 * Where an unquoted `#` starting a word begins a comment, as bash reads it; -1 when none.
 *
 * @param {string} text
 */
function commentStart(text) {
  /** @type {string | undefined} */
  let quote;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"') index += 1;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '\\') {
      index += 1;
    } else if (char === '#' && (index === 0 || /\s/.test(text[index - 1] ?? ''))) {
      return index;
    }
  }
  return -1;
}

/**
 * @param {string} markdown
 * @returns {CommandLine[]}
 */
export function readmeCommandLines(markdown) {
  const lines = markdown.split(/\r?\n/);
  /** @type {CommandLine[]} */
  const found = [];
  /** @type {{ fence: string, shell: boolean } | undefined} */
  let block;
  /** @type {{ line: number, text: string } | undefined} */
  let pending;
  lines.forEach((raw, index) => {
    const fence = /^ {0,3}(`{3,}|~{3,})\s*([\w-]*)/.exec(raw);
    if (!block) {
      if (fence) block = { fence: fence[1] ?? '```', shell: SHELL_LANGUAGES.has((fence[2] ?? '').toLowerCase()) };
      return;
    }
    if (fence && (fence[1] ?? '').startsWith(block.fence) && !fence[2]) {
      block = undefined;
      return;
    }
    if (!block.shell) return;
    const joined = pending ? `${pending.text} ${raw.trim()}` : raw.trim();
    const first = pending ? pending.line : index + 1;
    if (joined.endsWith('\\')) {
      pending = { line: first, text: joined.slice(0, -1).trimEnd() };
      return;
    }
    pending = undefined;
    const text = joined.replace(/^\$\s+/, '');
    const at = commentStart(text);
    const command = (at === -1 ? text : text.slice(0, at)).trim().replace(/\s+/g, ' ');
    if (!command) return;
    const comment = at === -1 ? '' : text.slice(at + 1).trim();
    found.push({ line: first, text: joined, command, comment });
  });
  return found;
}

// What the smoke suite prints: a line per check as it ends, a table per engine, and the closing
// line in the plain form CI reads (`N passed, N failed`).

/** @typedef {{ engine: string, check: string, ok: boolean, detail?: string, warnings?: string[] }} Result */

/** @param {Result} result */
export function resultLine({ engine, check, ok, detail, warnings = [] }) {
  const mark = ok ? 'ok  ' : 'FAIL';
  const notes = [
    ...(detail ? [detail] : []),
    ...(warnings.length ? [`${warnings.length} console warning(s): ${warnings.join(' | ')}`] : []),
  ];
  return `${mark} ${engine}: ${check}${notes.length ? `\n       ${notes.join('\n       ')}` : ''}`;
}

/**
 * Passed and failed checks per engine, then the closing line.
 *
 * @param {Result[]} results
 * @param {readonly string[]} engines
 */
export function summary(results, engines) {
  const count = (list, ok) => list.filter((result) => result.ok === ok).length;
  const lines = engines.map((engine) => {
    const own = results.filter((result) => result.engine === engine);
    return `  ${engine.padEnd(8)} ${count(own, true)} passed, ${count(own, false)} failed`;
  });
  return [...lines, `${count(results, true)} passed, ${count(results, false)} failed`].join('\n');
}

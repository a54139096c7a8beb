// The shell build's telemetry reporter chunk (named in shell/src/features/telemetry/telemetry-reporter.tsx),
// whose bytes the budget test and the bench report.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

/** The path of the built reporter; throws if the shell's build has none, or more than one. */
export function telemetryReporterFile(dist = join(ROOT, 'shell', 'dist')) {
  const files = readdirSync(dist).filter((name) => /^telemetry-reporter\.[0-9a-f]+\.js$/.test(name));
  if (files.length !== 1) throw new Error(`expected one telemetry-reporter chunk in ${dist}, found ${files.length}`);
  return join(dist, files[0]);
}

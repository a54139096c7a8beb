// The registry file the collector labels by, read again whenever it changes: `npm run remotes --
// use` pins a version and the next beacons of it are labelled by it, with no restart. The path is
// stat'ed on a timer, so a file replaced by a rename (how the CLI writes it) is seen as well as one
// written in place (fs.watch would follow the replaced file's old inode), and the stat is taken
// before each read: a change made while it reads is seen at the next look (fs.watchFile's first
// stat races the first read, and a write between them went unseen).
import { readFileSync, statSync } from 'node:fs';
import { knownLabelsOf, NOTHING_KNOWN, type KnownLabels } from './known-labels.ts';

export interface RegistryWatchOptions {
  /** How often the file is looked at. */
  intervalMs?: number;
  /** Told, in English, when the file cannot be read or is no registry: the last labels stay. */
  warn(details: { file: string; reason: string }, message: string): void;
  /** Told when new labels were read. */
  info(details: { file: string; environment: string | undefined; remotes: number }, message: string): void;
  /** Given the labels each time they are read (the metrics start their series at zero). */
  onRead?(labels: KnownLabels): void;
}

export interface RegistryWatch {
  current(): KnownLabels;
  close(): void;
}

const DEFAULT_INTERVAL_MS = 1_000;

function read(file: string): KnownLabels | string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : (error as Error).message;
  }
  try {
    return knownLabelsOf(JSON.parse(text));
  } catch {
    return 'it is not JSON';
  }
}

/**
 * Watches `file`. A file that cannot be read, at start or later, leaves the labels as they were
 * (at start: none known, everything OTHER) and is said once per change: a registry being fixed
 * must not take the collector, and `npm start` with it, down.
 */
export function watchRegistry(file: string, options: RegistryWatchOptions): RegistryWatch {
  let labels = NOTHING_KNOWN;
  /** The file's stat when it was last read: another one means it changed. */
  let readAt: string | undefined;
  const look = () => {
    const now = statOf(file);
    if (now === readAt) return;
    readAt = now;
    const result = read(file);
    if (typeof result === 'string') {
      options.warn({ file, reason: result }, 'registry not read: labels kept as they were');
      return;
    }
    labels = result;
    options.info({ file, environment: labels.environment, remotes: labels.remotes.size }, 'registry read');
    options.onRead?.(labels);
  };
  look();
  const timer = setInterval(look, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  // It never keeps the process alive on its own: the servers do, until they close.
  timer.unref();
  return {
    current: () => labels,
    close: () => clearInterval(timer),
  };
}

/** What tells one version of the file from the next: a rename changes the inode, a write the time or size. */
function statOf(file: string): string {
  try {
    const { ino, size, mtimeMs, ctimeMs } = statSync(file);
    return `${ino} ${size} ${mtimeMs} ${ctimeMs}`;
  } catch {
    return 'none';
  }
}

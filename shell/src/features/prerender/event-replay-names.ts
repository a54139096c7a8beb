import { CONTENT_READY_MARK } from '@devhub/shared/remote-contract';
import { MAIN_CONTENT_ID } from '../../lib/main-content-id';
import { CHROME_READY_MARK, PAGE_MOUNTED_MARK, ROUTE_SETTLED_MARK } from '../../lib/page-marks';
import { PRERENDERED_ATTRIBUTE } from './prerendered-attribute';

/**
 * The names event-replay.inline.js is given when it is inlined (shell/rspack.config.ts), each
 * replaced by its value as a string literal. Its type declarations (event-replay.inline.d.ts) and
 * ESLint's globals for it name the same ones; a test keeps the three lists equal.
 */
export const EVENT_REPLAY_NAMES = {
  REPLAY_PRERENDERED_ATTRIBUTE: PRERENDERED_ATTRIBUTE,
  REPLAY_CONTENT_READY_MARK: CONTENT_READY_MARK,
  REPLAY_CHROME_READY_MARK: CHROME_READY_MARK,
  REPLAY_PAGE_MOUNTED_MARK: PAGE_MOUNTED_MARK,
  REPLAY_ROUTE_SETTLED_MARK: ROUTE_SETTLED_MARK,
  REPLAY_MAIN_CONTENT: `#${MAIN_CONTENT_ID}`,
} as const;

/** event-replay.inline.js's source with every name replaced. */
export function withEventReplayNames(source: string): string {
  let named = source;
  for (const [name, value] of Object.entries(EVENT_REPLAY_NAMES)) named = named.replaceAll(name, JSON.stringify(value));
  return named;
}

// @ts-check
// The CORS rule `init-storage` keeps on a blob account (scripts/lib/storage.mjs initBlobStorage):
// which rules an account ends up with, computed from the rules it has, without calling the service.
import { CliError } from './cli.mjs';

/** @typedef {import('@azure/storage-blob').CorsRule} CorsRule */

/**
 * The exposed header that marks the CORS rule `init-storage` writes: an account's CORS rules have
 * no name, and the command replaces its own rule and no other (a CDN's, another site's).
 */
export const CORS_RULE_MARK = 'x-devhub-init-storage';

/**
 * The rule `init-storage` owns for `origins`, as the service reads it back.
 *
 * @param {string[]} origins
 */
export const corsRuleFor = (origins) => ({
  allowedOrigins: [...new Set(origins)].sort().join(','),
  allowedMethods: 'GET,HEAD,OPTIONS',
  allowedHeaders: '*',
  exposedHeaders: `ETag,Content-Type,Content-Length,Cache-Control,${CORS_RULE_MARK}`,
  maxAgeInSeconds: 3600,
});

/** @param {{ exposedHeaders?: string }} rule */
const isOwnRule = (rule) =>
  (rule.exposedHeaders ?? '').split(',').some((header) => header.trim().toLowerCase() === CORS_RULE_MARK);

/** CORS rules an account's blob service may have (Azure Storage's limit). */
const MAX_CORS_RULES = 5;

/**
 * A rule's fields in corsRuleFor's order, for comparing.
 *
 * @param {CorsRule | undefined} rule
 */
const corsRuleFields = (rule) => ({
  allowedOrigins: rule?.allowedOrigins,
  allowedMethods: rule?.allowedMethods,
  allowedHeaders: rule?.allowedHeaders,
  exposedHeaders: rule?.exposedHeaders,
  maxAgeInSeconds: rule?.maxAgeInSeconds,
});

/** @param {CorsRule[]} list */
const originsOf = (list) => list.flatMap((rule) => rule.allowedOrigins.split(',').filter(Boolean));

/**
 * The account's CORS rules once the command's own rule allows `origins`: with the origins it had
 * (those `keeps` keeps) unless `replace`, every other rule as it is. `cors` is undefined when
 * nothing changes; refused in one line when other tools hold every rule the account may have.
 *
 * @param {CorsRule[]} rules  the account's rules now
 * @param {string[]} origins
 * @param {{ replace?: boolean, keeps?: (origin: string) => boolean }} options
 * @param {string} where  the container, for the message
 * @returns {{ cors: CorsRule[] | undefined, allowed: string[], added: string[], removed: string[] }}
 */
export function nextCorsRules(rules, origins, { replace = false, keeps = () => true }, where) {
  const had = new Set(originsOf(rules.filter(isOwnRule)));
  const wanted = corsRuleFor(replace ? origins : [...[...had].filter(keeps), ...origins]);
  // A rule for the same origins without the mark is the one this command wrote before it marked its rules.
  const others = rules.filter((rule) => !isOwnRule(rule) && rule.allowedOrigins !== wanted.allowedOrigins);
  const own = rules.filter((rule) => !others.includes(rule));
  const allowed = wanted.allowedOrigins.split(',');
  const change = {
    allowed,
    added: allowed.filter((origin) => !had.has(origin) && !originsOf(own).includes(origin)),
    removed: [...had].filter((origin) => !allowed.includes(origin)).sort(),
  };
  if (own.length === 1 && JSON.stringify(corsRuleFields(own[0])) === JSON.stringify(wanted))
    return { cors: undefined, ...change };
  if (others.length >= MAX_CORS_RULES) {
    throw new CliError(
      `${where}: the account already has ${others.length} CORS rules of other tools, the most Azure Storage allows (${MAX_CORS_RULES}); remove one, or add ${allowed.join(', ')} to one of them, then run init-storage again`,
    );
  }
  return { cors: [...others, wanted], ...change };
}

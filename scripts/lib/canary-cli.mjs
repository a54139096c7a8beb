// @ts-check
// The command line of `npm run remotes -- canary <action> …`: its actions' arguments and what each
// prints (scripts/remotes.mjs reads the options; canary-commands.mjs does the work).
import { UsageError } from './cli.mjs';
import { canaryAbort, canaryPromote, canaryStart, canaryStatus } from './canary-commands.mjs';
import { watchCanary } from './canary-watch.mjs';
import { queryPrometheus } from './prometheus.mjs';
import { formatTable } from './remotes-commands.mjs';

/** Each action: its arguments, and what it does. */
export const CANARY_ACTIONS = {
  start: {
    args: ['<remote>', '<version>'],
    about: 'puts a published version beside the stable pin for --percent of visitors (checked like use)',
  },
  status: { args: [], about: 'the candidates, their shares, and how the last canary of each remote ended' },
  promote: {
    args: ['<remote>'],
    about: 'the candidate becomes the stable pin (checked again), then the public routes are rendered',
  },
  abort: { args: ['<remote>'], about: 'takes the candidate away (--reason says why, kept in the pin)' },
  watch: {
    args: ['<remote>'],
    about:
      'judges the candidate against the stable version from Prometheus (--prometheus <url>) every --interval seconds (30; --once for one step): rolls it back at once past a threshold, steps its share up, promotes it at 100 %',
  },
};

/** @param {string} action */
const isAction = (action) => Object.hasOwn(CANARY_ACTIONS, action);

/**
 * @param {string[]} rest  the arguments after `canary`
 * @param {{ percent?: string, reason?: string, prometheus?: string, interval?: string, once?: boolean }} values
 * @param {import('./version-check.mjs').CommandOptions} options
 * @param {() => Promise<void>} prerender  renders the public routes with the pins (a promote changes them)
 * @returns {Promise<number>}
 */
export async function runCanary(rest, values, options, prerender) {
  const [action, ...args] = rest;
  const actions = Object.keys(CANARY_ACTIONS).join(', ');
  if (!action || !isAction(action)) throw new UsageError(`canary needs an action: ${actions}`);
  const expected = CANARY_ACTIONS[/** @type {keyof typeof CANARY_ACTIONS} */ (action)].args;
  if (args.length !== expected.length) {
    throw new UsageError(
      `canary ${action} takes ${expected.length === 0 ? 'no argument' : expected.join(' ')}, got ${args.join(' ') || 'none'}`,
    );
  }
  if (values.percent !== undefined && action !== 'start')
    throw new UsageError('--percent is an option of canary start');
  if (values.reason !== undefined && action !== 'abort') throw new UsageError('--reason is an option of canary abort');
  for (const option of /** @type {const} */ (['interval', 'once'])) {
    if (values[option] !== undefined && action !== 'watch')
      throw new UsageError(`--${option} is an option of canary watch`);
  }
  if (values.prometheus !== undefined && action !== 'watch' && action !== 'status') {
    throw new UsageError('--prometheus is an option of canary watch and canary status');
  }
  const { prometheus } = values;
  const query = prometheus
    ? async (/** @type {string} */ promql) => (await queryPrometheus(prometheus, promql))[0]?.value
    : undefined;
  const [remote, version] = args;
  switch (action) {
    case 'start': {
      const result = await canaryStart({ ...options, remote, version, percent: values.percent });
      console.log(
        result.previousPercent === undefined
          ? `${remote}: candidate ${version} for ${result.percent} % of visitors, beside stable ${result.stable}`
          : `${remote}: candidate ${version}, ${result.previousPercent} % → ${result.percent} % of visitors`,
      );
      return 0;
    }
    case 'status': {
      const rows = await canaryStatus({ ...options, query });
      const figures = query ? ['page views', 'errors', 'failed loads', 'p75 LCP', 'p75 INP'] : [];
      console.log(
        rows.length > 0
          ? formatTable(rows, ['remote', 'stable', 'candidate', 'since', ...figures, 'last'])
          : 'No canary in this environment.',
      );
      if (query && rows.length > 0) console.log('(figures: candidate / stable, since its share last changed)');
      return 0;
    }
    case 'promote': {
      const result = await canaryPromote({ ...options, remote });
      console.log(`${remote}: ${result.from} → ${result.version}, promoted from candidate`);
      await prerender();
      return 0;
    }
    case 'watch': {
      if (!query)
        throw new UsageError('canary watch needs --prometheus <url> (npm run preview -- --observe starts one)');
      const seconds = values.interval === undefined ? 30 : Number(values.interval);
      if (!(seconds >= 1)) throw new UsageError(`--interval must be a number of seconds ≥ 1, got "${values.interval}"`);
      const step = await watchCanary({
        ...options,
        remote,
        query,
        intervalMs: seconds * 1000,
        once: values.once === true,
        afterPromote: prerender,
      });
      return step.action === 'rollback' ? 3 : 0;
    }
    default: {
      const result = await canaryAbort({ ...options, remote, reason: values.reason });
      console.log(`${remote}: candidate ${result.version} aborted; every visitor gets ${result.stable}`);
      return 0;
    }
  }
}

import { useEffect, useState } from 'react';
import {
  FIGURES_PATH,
  parsePanelFigures,
  type HistoryPoint,
  type PanelFigures,
  type RemoteFigures,
} from '@devhub/contracts/telemetry-figures';
import styles from './live-versions.module.css';
import panelStyles from './remotes-panel.module.css';

// What visitors' browsers reported of each live version, from the collector (GET
// /api/telemetry/figures, the queries `canary watch` judges by): the panel's view beside the one
// browser's of the tables above. Said only here, so its words are the shell's own, not @devhub/shared's.
export const LIVE_TEXT = {
  caption: 'Các phiên bản đang chạy: số liệu từ trình duyệt người dùng trong 1 giờ qua',
  columns: {
    remote: 'Remote',
    version: 'Phiên bản',
    share: 'Tỉ lệ người dùng',
    views: 'Lượt xem',
    errors: 'Tỉ lệ lỗi',
    failedLoads: 'Tải hỏng',
    lcp: 'LCP p75',
    inp: 'INP p75',
    chart: '1 giờ qua',
  },
  roles: { stable: 'ổn định', candidate: 'ứng viên (canary)' },
  loading: 'Đang lấy số liệu…',
  unavailable: (detail: string) => `Chưa có số liệu từ trình duyệt người dùng (${detail}).`,
  noPrometheus: 'máy thu thập chưa được nối với Prometheus: chạy npm run preview -- --observe',
  noCollector: 'máy chủ này không có máy thu thập số liệu (telemetry)',
  last: { promoted: 'đã lên bản ổn định', aborted: 'đã bị thu hồi' },
  lastCanary: (remote: string, version: string, outcome: string, at: string) =>
    `Canary gần nhất của ${remote}: bản ${version} ${outcome} lúc ${at}`,
  chart: (points: HistoryPoint[]) =>
    `Mỗi 5 phút, lượt xem: ${points.map((point) => point.views).join(', ')}; lỗi: ${points.map((point) => point.errors).join(', ')}`,
};

const percent = new Intl.NumberFormat('vi-VN', { style: 'percent', maximumFractionDigits: 1 });
const ratio = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : '—');
const ms = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value)} ms`);
const time = (iso: string) =>
  new Date(iso).toLocaleString('vi-VN', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

type Answer = { state: 'loading' } | { state: 'ready'; figures: PanelFigures } | { state: 'failed'; detail: string };

/** The figures, asked again each time `refreshes` changes (the panel's refresh button). */
function useFigures(refreshes: number): Answer {
  const [answer, setAnswer] = useState<Answer>({ state: 'loading' });
  useEffect(() => {
    const stop = new AbortController();
    (async () => {
      const response = await fetch(FIGURES_PATH, { signal: stop.signal, headers: { accept: 'application/json' } });
      const body: unknown = await response.json().catch(() => undefined);
      const message = (body as { message?: unknown } | undefined)?.message;
      // A server that proxies no collector (npm run preview -- --no-telemetry).
      if (response.status === 404) return setAnswer({ state: 'failed', detail: LIVE_TEXT.noCollector });
      if (!response.ok)
        return setAnswer({
          state: 'failed',
          detail: typeof message === 'string' ? message : `HTTP ${response.status}`,
        });
      const parsed = parsePanelFigures(body);
      if ('problem' in parsed) return setAnswer({ state: 'failed', detail: parsed.problem });
      // The one reason a collector gives for having none.
      if (parsed.figures.unavailable) return setAnswer({ state: 'failed', detail: LIVE_TEXT.noPrometheus });
      setAnswer({ state: 'ready', figures: parsed.figures });
    })().catch((error: unknown) => {
      if (!stop.signal.aborted) setAnswer({ state: 'failed', detail: String(error) });
    });
    return () => stop.abort();
  }, [refreshes]);
  return answer;
}

/** Page views (bars) and errors (bars over them) of each five-minute step, scaled to the busiest. */
function Chart({ points }: { points: HistoryPoint[] }) {
  const highest = Math.max(1, ...points.map((point) => point.views));
  /** One step's bar of `count`, from the chart's foot. */
  const bar = (className: string | undefined, index: number, count: number) => {
    const height = (22 * count) / highest;
    return <rect className={className} x={index * 8} width={6} y={24 - height} height={height} />;
  };
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${points.length * 8} 24`}
      role="img"
      aria-label={LIVE_TEXT.chart(points)}
    >
      {points.map((point, index) => (
        <g key={point.at}>
          {bar(styles.views, index, point.views)}
          {bar(styles.errors, index, point.errors)}
        </g>
      ))}
    </svg>
  );
}

function RemoteRows({ remote, figures }: { remote: string; figures: RemoteFigures }) {
  return figures.versions.map((version) => (
    <tr key={`${remote}@${version.version}`} data-remote={remote} data-role={version.role}>
      <th scope="row">{remote}</th>
      <td>
        {version.version} <span className={styles.role}>({LIVE_TEXT.roles[version.role]})</span>
      </td>
      <td>{percent.format(version.percent / 100)}</td>
      <td>{version.views}</td>
      <td data-figure="errors">{ratio(version.errors, version.views)}</td>
      <td>{ratio(version.failedLoads, version.views)}</td>
      <td>{ms(version.lcpP75)}</td>
      <td>{ms(version.inpP75)}</td>
      <td>
        <Chart points={version.history} />
      </td>
    </tr>
  ));
}

/** /__remotes: each remote's live versions, their shares and what their visitors' browsers reported. */
export function LiveVersions({ refreshes }: { refreshes: number }) {
  const answer = useFigures(refreshes);
  if (answer.state === 'loading') return <p className={styles.note}>{LIVE_TEXT.loading}</p>;
  if (answer.state === 'failed') return <p className={styles.note}>{LIVE_TEXT.unavailable(answer.detail)}</p>;
  const remotes = Object.entries(answer.figures.remotes);
  return (
    <div className={panelStyles.scroll}>
      <table className={panelStyles.table}>
        <caption>{LIVE_TEXT.caption}</caption>
        <thead>
          <tr>
            {Object.values(LIVE_TEXT.columns).map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {remotes.map(([remote, figures]) => (
            <RemoteRows key={remote} remote={remote} figures={figures} />
          ))}
        </tbody>
      </table>
      {remotes.map(
        ([remote, { last }]) =>
          last && (
            <p key={remote} className={styles.note} data-last-canary={remote}>
              {LIVE_TEXT.lastCanary(remote, last.version, LIVE_TEXT.last[last.outcome], time(last.at))}
              {last.reason && <span className={styles.reason}>: {last.reason}</span>}
            </p>
          ),
      )}
    </div>
  );
}

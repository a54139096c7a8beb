import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FIGURES_PATH } from '@devhub/contracts/telemetry-figures';
import { server } from '../../../../../test-support/msw-server';
import { renderWithProviders } from '../../../../../test-support/render';
import { LIVE_TEXT, LiveVersions } from './live-versions';

const history = (views: number[], errors: number[]) =>
  views.map((count, index) => ({ at: 1_795_950_000 + index * 300, views: count, errors: errors[index] ?? 0 }));

const FIGURES = {
  schema: 1,
  environment: 'preview',
  windowSeconds: 3600,
  stepSeconds: 300,
  remotes: {
    catalog: {
      versions: [
        {
          version: '1.0.0',
          role: 'stable',
          percent: 50,
          views: 40,
          errors: 0,
          failedLoads: 0,
          lcpP75: 812.4,
          inpP75: 96,
          history: history([0, 40], [0, 0]),
        },
        {
          version: '9.2.0',
          role: 'candidate',
          percent: 50,
          views: 38,
          errors: 19,
          failedLoads: 1,
          history: history([0, 38], [0, 19]),
        },
      ],
    },
    auth: {
      versions: [{ version: '1.0.0', role: 'stable', percent: 100, views: 0, errors: 0, failedLoads: 0, history: [] }],
      last: {
        version: '1.1.0',
        outcome: 'aborted',
        at: '2026-11-29T12:05:00.000Z',
        reason: 'canary watch: error ratio 50.0 % > 5.0 %',
      },
    },
  },
};

const answer = (body: Record<string, unknown>, status = 200) =>
  server.use(http.get(FIGURES_PATH, () => HttpResponse.json(body, { status })));

describe('the live versions on /__remotes', () => {
  it("shows each live version's share, error ratio and p75 vitals, a chart of its hour, and the last canary's reason", async () => {
    answer(FIGURES);
    renderWithProviders(<LiveVersions refreshes={0} />);
    const table = await screen.findByRole('table', { name: LIVE_TEXT.caption });
    const candidate = within(table).getByRole('row', { name: /9\.2\.0/ });
    expect(
      within(candidate)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['9.2.0 (ứng viên (canary))', '50%', '38', '50%', '2,6%', '—', '—', '']);
    expect(within(table).getByRole('row', { name: /catalog 1\.0\.0/ })).toHaveTextContent('812 ms');
    expect(within(candidate).getByRole('img')).toHaveAccessibleName('Mỗi 5 phút, lượt xem: 0, 38; lỗi: 0, 19');
    expect(screen.getByText(/^Canary gần nhất của auth: bản 1\.1\.0 đã bị thu hồi lúc .* UTC/)).toHaveTextContent(
      'canary watch: error ratio 50.0 % > 5.0 %',
    );
  });

  it('says in Vietnamese that there are no figures without Prometheus or a collector, or when they are malformed', async () => {
    answer({ ...FIGURES, remotes: {}, unavailable: 'no Prometheus to read figures from (PROMETHEUS_URL)' });
    const { unmount } = renderWithProviders(<LiveVersions refreshes={0} />);
    expect(await screen.findByText(LIVE_TEXT.unavailable(LIVE_TEXT.noPrometheus))).toBeInTheDocument();
    unmount();
    answer({ message: 'not found' }, 404);
    const second = renderWithProviders(<LiveVersions refreshes={0} />);
    expect(await screen.findByText(LIVE_TEXT.unavailable(LIVE_TEXT.noCollector))).toBeInTheDocument();
    second.unmount();
    answer({ ...FIGURES, schema: 2 });
    renderWithProviders(<LiveVersions refreshes={0} />);
    expect(await screen.findByText(LIVE_TEXT.unavailable('not figures of schema 1'))).toBeInTheDocument();
  });
});

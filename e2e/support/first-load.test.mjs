import { mainThreadBefore } from './first-load.mjs';

const trace = (events) => Buffer.from(JSON.stringify({ traceEvents: events }));
const task = (ts, dur, thread = 1) => ({
  name: 'ThreadControllerImpl::RunTask',
  cat: 'toplevel',
  ph: 'X',
  ts,
  dur,
  pid: 7,
  tid: thread,
});
const MARK = 'content-ready:auth/SignInPage';

describe('main-thread time before content', () => {
  it("sums the top-level tasks of the mark's thread up to the mark, cutting the one it falls in", () => {
    const events = [
      task(1_000, 30_000),
      task(40_000, 20_000),
      // Another thread's (the compositor's), and a task after the mark: neither counts.
      task(40_000, 90_000, 2),
      task(120_000, 10_000),
      { name: MARK, cat: 'blink.user_timing', ph: 'I', ts: 50_000, pid: 7, tid: 1 },
    ];
    // 30 ms, then 10 of the 20 ms task the mark was set in.
    expect(mainThreadBefore(trace(events), MARK)).toBe(40);
  });

  it('is none without the mark', () => {
    expect(mainThreadBefore(trace([task(0, 5_000)]), MARK)).toBeUndefined();
  });
});

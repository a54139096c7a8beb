// The conditions `npm run bench` measures under, one table each (issue 43): a desktop on a good
// connection, and a mobile phone, where bytes and CPU decide (Lighthouse's mobile throttling:
// 4× CPU slowdown, 150 ms round trip, 1.6 Mbps down, 750 kbps up).

/** @typedef {import('../../e2e/support/first-load.mjs').Conditions} Conditions */

/**
 * @param {number} desktopRttMs  BENCH_RTT_MS
 * @returns {Record<string, { title: string, conditions: Conditions, lighthouse: boolean }>}  `lighthouse`: whether
 *   Lighthouse runs in it (it throttles by its own model, the same in every profile: once is enough)
 */
export function benchProfiles(desktopRttMs) {
  return {
    desktop: {
      title: `Desktop: ${desktopRttMs} ms round trip`,
      conditions: { rttMs: desktopRttMs },
      lighthouse: true,
    },
    mobile: {
      title: 'Mobile: 4× CPU slowdown, 150 ms round trip, 1.6 Mbps down, 412×823',
      conditions: {
        rttMs: 150,
        cpuSlowdown: 4,
        downloadKbps: 1600,
        uploadKbps: 750,
        viewport: { width: 412, height: 823 },
      },
      lighthouse: false,
    },
  };
}

// @ts-check
// Where every public server of DevHub takes beacons and hands them to the collector: the one place
// the browser's reporter, the servers' proxies and the collector learn it. A module of its own, so
// the reporter's bytes carry this line and not the beacon's checks (telemetry.js).

/** The path of POST beacons, on every public server. */
export const TELEMETRY_PATH = '/api/telemetry';

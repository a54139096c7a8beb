// What shell/rspack.config.ts substitutes into the inline warm-up script at build time.

/** The route map: path → the remote module it shows ("catalog/HomePage"). */
declare const ROUTE_MODULES: Record<string, string>;

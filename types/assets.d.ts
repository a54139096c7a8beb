declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

declare module '*.css';

declare module '*.svg' {
  const url: string;
  export default url;
}

declare module '*.png' {
  const url: string;
  export default url;
}

/** Injected by the base rspack config. */
declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
/** Server builds only (rspack/server-build.ts): the global naming each remote's public folder. */
declare const __SERVER_PUBLIC_PATHS_GLOBAL__: string;

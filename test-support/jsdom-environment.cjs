// jsdom lacks the Fetch API (and the streams and channels msw's interceptors use), and the
// User Timing marks (and their observer) the shell sets when a remote mounts; lend it
// Node's own implementation instead of a polyfill package.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // jsdom's own AbortController/FormData stay: React and forms rely on their DOM flavour.
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'ReadableStream',
      'WritableStream',
      'TransformStream',
      'TextEncoderStream',
      'TextDecoderStream',
      'BroadcastChannel',
      'structuredClone',
      'PerformanceObserver',
    ]) {
      this.global[name] = globalThis[name];
    }
    // jsdom's window.performance is a read-only accessor without User Timing.
    Object.defineProperty(this.global, 'performance', {
      value: globalThis.performance,
      configurable: true,
      writable: true,
    });
  }
}

module.exports = JsdomWithFetchEnvironment;

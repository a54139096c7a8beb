import { PassThrough } from 'node:stream';
import { collectConsole, parseConsoleLine } from './webkit-console.mjs';

describe('parseConsoleLine', () => {
  test('reads a CSP refusal, which WebKit writes without a location', () => {
    expect(
      parseConsoleLine(
        'CONSOLE SECURITY ERROR Refused to load https://a.test/x.css because it appears in neither the style-src directive nor the default-src directive of the Content Security Policy.',
      ),
    ).toEqual({
      level: 'error',
      text: 'security: Refused to load https://a.test/x.css because it appears in neither the style-src directive nor the default-src directive of the Content Security Policy.',
    });
  });

  test("reads console.error's and an uncaught error's lines, which start with where they came from", () => {
    expect(parseConsoleLine('https://a.test:8443/page:1:180: CONSOLE ERROR boom')).toEqual({
      level: 'error',
      text: 'boom',
    });
    expect(parseConsoleLine('https://a.test/main.js:3:9: CONSOLE JS ERROR TypeError: x is undefined')).toEqual({
      level: 'error',
      text: 'js: TypeError: x is undefined',
    });
  });

  test('tells a warning from an error, and info from both', () => {
    expect(parseConsoleLine('CONSOLE OTHER WARN The resource https://a.test/r.json was preloaded')?.level).toBe(
      'warning',
    );
    expect(parseConsoleLine('CONSOLE NETWORK INFO Successfully preconnected to https://a.test/')?.level).toBe('info');
  });

  test("ignores the driver's and GTK's own lines, and a message's later lines", () => {
    expect(parseConsoleLine('(gjs:123): Gtk-WARNING **: cannot open display')).toBeUndefined();
    expect(parseConsoleLine('    at render (https://a.test/main.js:1:2)')).toBeUndefined();
    expect(parseConsoleLine('A CONSOLE ERROR inside a sentence')).toBeUndefined();
  });
});

describe('collectConsole', () => {
  test('joins lines split across chunks and hands each message out once', () => {
    const stream = new PassThrough();
    const console = collectConsole(stream);
    stream.write('noise\nCONSOLE SECURITY ERR');
    stream.write('OR Refused to load https://a.test/x.js\nCONSOLE LOG hello\n');
    return new Promise((resolve) => setImmediate(resolve)).then(() => {
      expect(console.take()).toEqual([
        { level: 'error', text: 'security: Refused to load https://a.test/x.js' },
        { level: 'log', text: 'hello' },
      ]);
      expect(console.take()).toEqual([]);
    });
  });
});

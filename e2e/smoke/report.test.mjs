import { resultLine, summary } from './report.mjs';

test('the closing line counts every engine, in the plain "N passed, N failed" form', () => {
  const results = [
    { engine: 'chromium', check: '/ renders and hydrates', ok: true },
    { engine: 'firefox', check: '/ renders and hydrates', ok: false, detail: '3 CSP violation(s)' },
    { engine: 'webkit', check: '/ renders and hydrates', ok: true },
  ];
  const lines = summary(results, ['chromium', 'firefox', 'webkit']).split('\n');
  expect(lines.at(-1)).toBe('2 passed, 1 failed');
  expect(lines).toContain('  firefox  0 passed, 1 failed');
});

test("a failed check's line says why, a passed one's lists the console's warnings", () => {
  expect(resultLine({ engine: 'firefox', check: '/blog renders and hydrates', ok: false, detail: 'why' })).toBe(
    'FAIL firefox: /blog renders and hydrates\n       why',
  );
  expect(resultLine({ engine: 'webkit', check: '/', ok: true, warnings: ['preloaded but not used'] })).toBe(
    'ok   webkit: /\n       1 console warning(s): preloaded but not used',
  );
});

import { expectNoProblems, publicRoutes } from './scenario.mjs';

test('publicRoutes lists the public paths of the registry with the module each shows', () => {
  const registry = {
    remotes: {
      catalog: { routes: [{ expose: 'HomePage', access: 'public', routes: [{ path: '/' }] }] },
      account: { routes: [{ expose: 'ProfilePage', access: 'private', routes: [{ path: '/profile' }] }] },
      auth: {
        routes: [
          { expose: 'SignInPage', access: 'public', routes: [{ path: '/signin' }] },
          { expose: 'SignUpPage', access: 'public', routes: [{ path: '/signup' }] },
        ],
      },
    },
  };
  expect(publicRoutes(registry)).toEqual([
    { path: '/', module: 'catalog/HomePage' },
    { path: '/signin', module: 'auth/SignInPage' },
    { path: '/signup', module: 'auth/SignUpPage' },
  ]);
});

describe('expectNoProblems', () => {
  const browserReporting = (violations, messages) => ({ takeProblems: async () => ({ violations, messages }) });

  test('fails on a CSP violation, naming the directive, the file and the element that asked for it', async () => {
    const violation = {
      directive: 'default-src',
      blocked: 'https://a.test/remoteEntry.js',
      element: '<link rel=prefetch as=script>',
    };
    await expect(expectNoProblems(browserReporting([violation], []))).rejects.toThrow(
      '1 CSP violation(s) (and 0 console error(s) saying so): default-src blocked https://a.test/remoteEntry.js (<link rel=prefetch as=script>)',
    );
  });

  test("counts the console's own line about a caught violation instead of repeating it", async () => {
    const violation = {
      directive: 'default-src',
      blocked: 'https://a.test/x.js',
      element: '<link rel=prefetch as=script>',
    };
    const consoleLine = {
      level: 'error',
      text: "Content-Security-Policy: The page's settings blocked the loading of a resource (default-src) at https://a.test/x.js",
    };
    const error = await expectNoProblems(
      browserReporting([violation], [consoleLine, { level: 'error', text: 'boom' }]),
    ).catch((caught) => caught);
    expect(error.message).toContain('1 CSP violation(s) (and 1 console error(s) saying so)');
    expect(error.message).toContain('; 1 console error(s): boom');
    expect(error.message).not.toContain('settings blocked');
  });

  test('fails on a console error, and hands back the warnings when there is none', async () => {
    await expect(expectNoProblems(browserReporting([], [{ level: 'error', text: 'boom' }]))).rejects.toThrow(
      '1 console error(s): boom',
    );
    await expect(
      expectNoProblems(
        browserReporting(
          [],
          [
            { level: 'warning', text: 'hm' },
            { level: 'log', text: 'hi' },
          ],
        ),
      ),
    ).resolves.toEqual(['hm']);
  });
});

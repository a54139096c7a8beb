import { http, HttpResponse } from 'msw';
import { server } from '../../../../test-support/msw-server';
import { REGISTRY, hungRegistry } from '../../test/federation-fixtures';
import { RegistryError, fetchRegistry, parseRegistry } from './registry';

const answer = (body: string | object, status = 200) =>
  server.use(
    http.get('http://localhost/remotes.json', () =>
      typeof body === 'string' ? new HttpResponse(body, { status }) : HttpResponse.json(body, { status }),
    ),
  );

describe('remotes.json in the shell', () => {
  it('accepts a complete registry, relative entries included', () => {
    const registry = {
      ...REGISTRY,
      remotes: { ...REGISTRY.remotes, auth: { entry: '/deploy/remote-auth/1.0.0/mf-manifest.json' } },
    };
    expect(parseRegistry(registry)).toEqual({ ...registry, refused: {} });
  });

  it('takes the remotes the registry names, a remote this shell was built without included', () => {
    const { account: _left, ...others } = REGISTRY.remotes;
    const registry = {
      ...REGISTRY,
      remotes: { ...others, forum: { entry: '/deploy/remote-forum/1.0.0/mf-manifest.json' } },
    };
    expect(Object.keys(parseRegistry(registry).remotes)).toEqual(['catalog', 'auth', 'forum']);
  });

  it.each([
    [null, 'nội dung phải là một đối tượng JSON'],
    [{}, '"remotes" phải là một đối tượng'],
    [
      { remotes: REGISTRY.remotes, allowedOverrideOrigins: ['localhost:3001'] },
      '"allowedOverrideOrigins" phải là danh sách origin (ví dụ "https://cdn.example.com")',
    ],
    [
      {
        environment: 'preview',
        remotes: Object.fromEntries(
          Object.entries(REGISTRY.remotes).map(([name, pin]) => [
            name,
            { ...pin, integrity: `sha384-${'A'.repeat(64)}` },
          ]),
        ),
        allowedOverrideOrigins: ['https://cdn.example', 'http://cdn.example', 'https://localhost:3001'],
      },
      '"allowedOverrideOrigins" ngoài môi trường local chỉ được gồm origin https không thuộc máy này (không nhận: http://cdn.example, https://localhost:3001)',
    ],
  ])('explains in Vietnamese why %j is refused', (raw, message) => {
    expect(() => parseRegistry(raw)).toThrow(new RegistryError(message));
  });

  const pinReason = (remote: string, reasons: string) =>
    `remotes.json ghim remote "${remote}" không hợp lệ: ${reasons}`;
  const missingDigest = (remote: string) =>
    `thiếu "remotes.${remote}.integrity": ngoài môi trường local, shell chỉ chạy bản ghim có mã băm sha384`;

  it.each([
    [{ remotes: { ...REGISTRY.remotes, 'forum-2': { entry: 'x' } } }, {}],
    [
      { remotes: { ...REGISTRY.remotes, auth: null } },
      { auth: pinReason('auth', '"remotes.auth" phải là một đối tượng có entry là URL của mf-manifest.json') },
    ],
    [
      { remotes: { ...REGISTRY.remotes, auth: { entry: 42 }, account: { entry: 'x', version: 2 } } },
      {
        account: pinReason('account', '"remotes.account.version" phải là chuỗi'),
        auth: pinReason('auth', '"remotes.auth.entry" phải là URL của mf-manifest.json'),
      },
    ],
    [
      {
        remotes: {
          ...REGISTRY.remotes,
          catalog: {
            entry: '/deploy/remote-catalog/1.0.0/mf-manifest.json',
            routes: [
              {
                expose: 'HomePage',
                what: 'trang chủ',
                layout: 'main',
                access: 'public',
                routes: [{ path: '/../../../../tmp/x' }],
              },
            ],
          },
        },
      },
      { catalog: pinReason('catalog', '"remotes.catalog.routes" phải là một bảng route hợp lệ') },
    ],
    [
      { ...REGISTRY, environment: 'preview', allowedOverrideOrigins: [] },
      {
        catalog: pinReason('catalog', missingDigest('catalog')),
        account: pinReason('account', missingDigest('account')),
        auth: pinReason('auth', missingDigest('auth')),
      },
    ],
  ])('runs the other pins of %j, and says in Vietnamese why each refused one does not run', (raw, reasons) => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { remotes, refused = {} } = parseRegistry(raw);
    expect(Object.fromEntries(Object.entries(refused).map(([name, { reason }]) => [name, reason]))).toEqual(reasons);
    expect(Object.keys(remotes).sort()).toEqual(
      Object.keys(REGISTRY.remotes)
        .filter((name) => !(name in reasons))
        .sort(),
    );
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('explains an HTTP error, a file that is not JSON and a lost connection', async () => {
    answer('nope', 404);
    await expect(fetchRegistry()).rejects.toThrow('không tải được /remotes.json (HTTP 404)');
    answer('{ "remotes": ');
    await expect(fetchRegistry()).rejects.toThrow('/remotes.json không phải JSON hợp lệ');
    server.use(http.get('http://localhost/remotes.json', () => HttpResponse.error()));
    await expect(fetchRegistry()).rejects.toThrow('không tải được /remotes.json (mất kết nối)');
  });

  it('gives up on a registry that does not answer in time', async () => {
    server.use(hungRegistry);
    await expect(fetchRegistry({ timeoutMs: 50 })).rejects.toThrow('/remotes.json không phản hồi sau 0.05 giây');
  });
});

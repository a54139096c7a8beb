import { RegistryError, fetchRegistry, parseRegistry } from './remote-registry';

const valid = {
  environment: 'staging',
  remotes: {
    catalog: { entry: 'https://cdn.example/remote-catalog/1.2.0/mf-manifest.json', version: '1.2.0' },
    auth: { entry: 'http://localhost:3002/mf-manifest.json' },
    account: { entry: '/deploy/remote-account/1.0.0/mf-manifest.json' },
  },
  allowedOverrideOrigins: ['https://cdn.example'],
};

describe('remotes.json', () => {
  it('accepts a complete registry, relative entries included', () => {
    expect(parseRegistry(valid)).toEqual(valid);
  });

  it('defaults the environment and the allow-list', () => {
    const { environment, allowedOverrideOrigins } = parseRegistry({ remotes: valid.remotes });
    expect(environment).toBe('local');
    expect(allowedOverrideOrigins).toEqual([]);
  });

  it.each([
    [null, 'nội dung phải là một đối tượng JSON'],
    [[], 'nội dung phải là một đối tượng JSON'],
    [{}, 'thiếu trường "remotes" (đối tượng)'],
    [
      { remotes: { ...valid.remotes, billing: { entry: 'x' } } },
      'remote không xác định: billing (chỉ có catalog, auth, account)',
    ],
    [{ remotes: { catalog: valid.remotes.catalog, auth: valid.remotes.auth } }, 'thiếu remote "account"'],
    [{ remotes: { ...valid.remotes, auth: { entry: 42 } } }, '"remotes.auth.entry" phải là URL của mf-manifest.json'],
    [{ remotes: { ...valid.remotes, auth: { entry: '  ' } } }, '"remotes.auth.entry" phải là URL của mf-manifest.json'],
    [{ remotes: { ...valid.remotes, auth: { entry: 'x', version: 2 } } }, '"remotes.auth.version" phải là chuỗi'],
    [
      { remotes: valid.remotes, allowedOverrideOrigins: 'https://a' },
      '"allowedOverrideOrigins" phải là danh sách chuỗi',
    ],
  ])('refuses %j with a Vietnamese reason', (raw, message) => {
    expect(() => parseRegistry(raw)).toThrow(new RegistryError(message));
  });

  it('reports network, HTTP and JSON failures in Vietnamese', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(fetchRegistry('/remotes.json', failing)).rejects.toThrow('không tải được /remotes.json (mất kết nối)');

    const notFound = (async () => new Response('nope', { status: 404 })) as typeof fetch;
    await expect(fetchRegistry('/remotes.json', notFound)).rejects.toThrow('không tải được /remotes.json (HTTP 404)');

    const garbage = (async () => new Response('{ "remotes": ', { status: 200 })) as typeof fetch;
    await expect(fetchRegistry('/remotes.json', garbage)).rejects.toThrow('/remotes.json không phải JSON hợp lệ');

    const ok = (async () => new Response(JSON.stringify(valid), { status: 200 })) as typeof fetch;
    await expect(fetchRegistry('/remotes.json', ok)).resolves.toEqual(valid);
  });
});

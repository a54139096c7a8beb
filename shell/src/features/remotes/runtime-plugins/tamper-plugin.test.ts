import { http, HttpResponse } from 'msw';
import { server } from '../../../../../test-support/msw-server';
import { manifestUrl, remoteEntryUrl, remoteManifest } from '../../../test/federation-fixtures';
import { fakeFederation, registerFakeRemote } from '../../../test/fake-federation';
import { createTrust } from '../integrity';
import { TamperedRemoteError } from '../remote-errors';
import { createRemoteStatus } from '../remote-status';
import * as remoteFiles from '../remote-files.js';
import { tamperPlugin } from './tamper-plugin';

const digest = (c: string) => `sha384-${c.repeat(64)}`;

describe('the tamper plugin', () => {
  beforeAll(async () => {
    const { webcrypto } = await import('node:crypto');
    if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });
  });

  it("names the file whose bytes are not the pinned ones when a verified remote's page fails, and fails it as tampered", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(remoteEntryUrl('catalog'), () => HttpResponse.text('altered')));
    const federation = fakeFederation({
      'catalog/HomePage': () => {
        throw new Error('ScriptExternalLoadError');
      },
    })();
    const status = createRemoteStatus();
    status.updateStatus('catalog', { integrity: 'verified' });
    const trust = createTrust();
    trust.trustRemote('catalog', { 'remoteEntry.js': digest('e') }, 'http://localhost/catalog/');
    const check = {
      readers: Promise.resolve(remoteFiles),
      manifestOf: async () => ({
        manifestUrl: manifestUrl('catalog'),
        json: remoteManifest('catalog') as never,
        verified: true,
      }),
    };
    federation.registerPlugins([tamperPlugin({ check, status, trust })]);
    registerFakeRemote(federation, 'catalog');

    const failure = federation.loadRemote('catalog/HomePage');
    await expect(failure).rejects.toBeInstanceOf(TamperedRemoteError);
    expect(status.statusOf('catalog')).toMatchObject({
      state: 'failed',
      integrity: 'failed',
      mismatch: { file: remoteEntryUrl('catalog'), expected: digest('e'), actual: expect.stringMatching(/^sha384-/) },
    });
    jest.restoreAllMocks();
  });

  it('leaves the failure of an unverified remote as it is', async () => {
    const federation = fakeFederation({
      'account/CartPage': () => {
        throw new Error('ScriptExternalLoadError');
      },
    })();
    const status = createRemoteStatus();
    const check = { readers: Promise.resolve(remoteFiles), manifestOf: jest.fn() };
    federation.registerPlugins([tamperPlugin({ check, status, trust: createTrust() })]);
    registerFakeRemote(federation, 'account');
    await expect(federation.loadRemote('account/CartPage')).rejects.toThrow('ScriptExternalLoadError');
    expect(check.manifestOf).not.toHaveBeenCalled();
  });
});

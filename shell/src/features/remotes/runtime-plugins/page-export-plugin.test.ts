import { fakeFederation, registerFakeRemote } from '../../../test/fake-federation';
import { pageExportPlugin } from './page-export-plugin';

describe('the page export plugin', () => {
  it('fails the load of a module without the component its route table names, and passes one with it', async () => {
    function HomePage() {
      return null;
    }
    const federation = fakeFederation({
      'auth/SignInPage': { default: HomePage },
      'auth/SignUpPage': { SignUpPage: HomePage },
    })();
    federation.registerPlugins([pageExportPlugin()]);
    registerFakeRemote(federation, 'auth');
    await expect(federation.loadRemote('auth/SignInPage')).rejects.toThrow(
      'auth/SignInPage không có component tên "SignInPage"',
    );
    await expect(federation.loadRemote('auth/SignUpPage')).resolves.toEqual({ SignUpPage: HomePage });
  });
});

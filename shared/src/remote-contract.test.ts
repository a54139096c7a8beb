import { REMOTE_NAMES, exportNameOf, isRemoteName, markContentReady, remoteOf } from './remote-contract';

describe('the remote contract', () => {
  it('names the remotes a shell loads, and splits a module id into its remote and export', () => {
    expect(REMOTE_NAMES).toEqual(['catalog', 'account', 'auth']);
    expect(remoteOf('auth/SignUpPage')).toBe('auth');
    expect(exportNameOf('account/HistoryPage')).toBe('HistoryPage');
    expect(isRemoteName('auth')).toBe(true);
    expect(isRemoteName('billing')).toBe(false);
  });
});

describe('markContentReady', () => {
  it('marks a page once, however often it is called', () => {
    performance.clearMarks();
    markContentReady('catalog/HomePage');
    markContentReady('catalog/HomePage');
    expect(performance.getEntriesByName('content-ready:catalog/HomePage')).toHaveLength(1);
  });
});

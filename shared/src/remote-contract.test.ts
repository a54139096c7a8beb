import remoteModules from './remote-modules.json';
import {
  CONTENT_READY_MARK,
  REMOTE_MODULE_IDS,
  REMOTE_NAMES,
  REMOTE_PACKAGES,
  isRemoteName,
  markContentReady,
} from './remote-contract';

describe('remote contract', () => {
  it('lists in remote-modules.json exactly the modules of the typed contract', () => {
    const fromJson = Object.entries(remoteModules).flatMap(([remote, info]) =>
      info.exposes.map((expose) => `${remote}/${expose.replace(/^\.\//, '')}`),
    );
    expect(fromJson.sort()).toEqual([...REMOTE_MODULE_IDS].sort());
  });

  it('names the remotes and their packages', () => {
    expect(REMOTE_NAMES).toEqual(['catalog', 'auth', 'account']);
    expect(REMOTE_PACKAGES).toEqual({ catalog: 'remote-catalog', auth: 'remote-auth', account: 'remote-account' });
    expect(isRemoteName('auth')).toBe(true);
    expect(isRemoteName('billing')).toBe(false);
  });

  it('marks a page content-ready once, however often its effect runs', () => {
    performance.clearMarks();
    markContentReady('catalog/HomePage');
    markContentReady('catalog/HomePage');
    expect(performance.getEntriesByName(`${CONTENT_READY_MARK}catalog/HomePage`)).toHaveLength(1);
  });
});

import { readShellBuild } from './shell-record';

const SHARED_FILES = { axios: ['/9.js'] };

describe('the shell build the page describes', () => {
  it("takes the shared modules' files the island lists, none from an island that lists none", async () => {
    const island = { compatibility: {}, sharedFiles: SHARED_FILES };
    await expect(readShellBuild(island).sharedFiles).resolves.toEqual(SHARED_FILES);
    await expect(readShellBuild({ sharedFiles: 'DEVHUB_SHARED_FILES' }).sharedFiles).resolves.toEqual({});
  });

  it('says why there is no record to check a remote against, when the island carries none', () => {
    expect(readShellBuild({}).record).toBe('no compatibility record in index.html');
    expect(typeof readShellBuild({ compatibility: { schema: 1 } }).record).toBe('string');
  });
});

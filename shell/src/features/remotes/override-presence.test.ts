import {
  OVERRIDE_STORAGE_KEY,
  PROPOSAL_STORAGE_KEY,
  pageMayHaveOverrides,
  pinsMayBeOverridden,
} from './override-presence';

describe('whether a page load can have an override', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    jest.restoreAllMocks();
  });

  it('has none on a plain page: no link proposing one, nothing kept', () => {
    window.history.replaceState(null, '', '/blog?tag=React');
    expect([pageMayHaveOverrides(), pinsMayBeOverridden()]).toEqual([false, false]);
  });

  it('has one a link proposes, or one the visitor confirmed: either may replace a pin', () => {
    window.history.replaceState(null, '', '/?mf-override=catalog%40http%3A%2F%2Flocalhost%3A3101%2Fmf-manifest.json');
    expect([pageMayHaveOverrides(), pinsMayBeOverridden()]).toEqual([true, true]);
    window.history.replaceState(null, '', '/');
    localStorage.setItem(OVERRIDE_STORAGE_KEY, '{}');
    expect([pageMayHaveOverrides(), pinsMayBeOverridden()]).toEqual([true, true]);
  });

  it('has a stored proposal to show, which replaces no pin until the visitor confirms it', () => {
    localStorage.setItem(PROPOSAL_STORAGE_KEY, '{}');
    expect([pageMayHaveOverrides(), pinsMayBeOverridden()]).toEqual([true, false]);
  });

  it('has none kept when storage cannot be read', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect([pageMayHaveOverrides(), pinsMayBeOverridden()]).toEqual([false, false]);
  });
});

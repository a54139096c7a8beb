import { act, renderHook } from '@testing-library/react';
import { useSearchBoxText } from './use-search-box-text';

function setup(initial = '') {
  const commit = jest.fn();
  const hook = renderHook(({ urlQuery }) => useSearchBoxText(urlQuery, commit), {
    initialProps: { urlQuery: initial },
  });
  return { commit, hook };
}

describe('useSearchBoxText', () => {
  it('starts from the URL query', () => {
    const { hook } = setup('docker');
    expect(hook.result.current.text).toBe('docker');
  });

  it('commits each new query: the first edit as a new history entry, the next ones replacing it', () => {
    const { commit, hook } = setup();
    act(() => hook.result.current.change('r'));
    act(() => hook.result.current.change('re'));
    expect(commit.mock.calls).toEqual([
      ['r', false],
      ['re', true],
    ]);
    act(() => hook.result.current.endEditing());
    act(() => hook.result.current.change('rea'));
    expect(commit).toHaveBeenLastCalledWith('rea', false);
  });

  it('does not commit spaces around the query', () => {
    const { commit, hook } = setup('go');
    act(() => hook.result.current.change('go '));
    expect(hook.result.current.text).toBe('go ');
    expect(commit).not.toHaveBeenCalled();
  });

  it('keeps the typed text while the URL catches up with older queries', () => {
    const { hook } = setup();
    act(() => hook.result.current.change('d'));
    act(() => hook.result.current.change('do'));
    act(() => hook.result.current.change('doc'));
    hook.rerender({ urlQuery: 'd' });
    expect(hook.result.current.text).toBe('doc');
    hook.rerender({ urlQuery: 'doc' });
    expect(hook.result.current.text).toBe('doc');
  });

  it('takes a query that came from elsewhere', () => {
    const { hook, commit } = setup();
    act(() => hook.result.current.change('css'));
    hook.rerender({ urlQuery: 'css' });
    hook.rerender({ urlQuery: 'kubernetes' });
    expect(hook.result.current.text).toBe('kubernetes');
    hook.rerender({ urlQuery: '' });
    expect(hook.result.current.text).toBe('');
    act(() => hook.result.current.change('x'));
    expect(commit).toHaveBeenLastCalledWith('x', false);
  });
});

import { render } from '@testing-library/react';
import { ContentReadyContext, useContentReady } from './use-content-ready';

function Content({ id }: { id: string }) {
  useContentReady(id);
  return <p>nội dung</p>;
}

describe('useContentReady', () => {
  beforeEach(() => performance.clearMarks());

  it('reports the page to the shell that provides the context, once it is on screen', () => {
    const heard: string[] = [];
    render(
      <ContentReadyContext value={(id) => heard.push(id)}>
        <Content id="catalog/HomePage" />
      </ContentReadyContext>,
    );
    expect(heard).toEqual(['catalog/HomePage']);
    // The shell decides what to mark: the hook itself marks nothing under it.
    expect(performance.getEntriesByName('content-ready:catalog/HomePage', 'mark')).toHaveLength(0);
  });

  it('without a shell, sets the content-ready mark the benchmark measures', () => {
    render(<Content id="auth/SignInPage" />);
    expect(performance.getEntriesByName('content-ready:auth/SignInPage', 'mark')).toHaveLength(1);
  });
});

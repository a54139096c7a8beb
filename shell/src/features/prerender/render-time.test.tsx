import { screen } from '@testing-library/react';
import { hydrateServerMarkup } from '../../../../test-support/hydrate';
import { Footer } from '../layout/components/footer';
import { RenderTimeProvider } from './render-time';

const RENDERED_AT = '2001-06-15T08:00:00.000Z';

describe("the footer's year", () => {
  it("is the render's in the markup and while it hydrates, then today's", async () => {
    const page = await hydrateServerMarkup(
      <RenderTimeProvider renderedAt={RENDERED_AT}>
        <Footer />
      </RenderTimeProvider>,
    );

    expect(page.serverHtml).toContain('© <!-- -->2001');
    expect(page.errors).toEqual([]);
    expect(screen.getByText(/^©/)).toHaveTextContent(`© ${new Date().getFullYear()} `);
    page.unmount();
  });

  it("is today's without a render date (a page rendered in the browser)", async () => {
    const page = await hydrateServerMarkup(
      <RenderTimeProvider renderedAt={undefined}>
        <Footer />
      </RenderTimeProvider>,
    );

    expect(page.serverHtml).toContain(`© <!-- -->${new Date().getFullYear()}`);
    expect(page.errors).toEqual([]);
    page.unmount();
  });

  it('takes each render its own date: two trees rendered together show their own years', async () => {
    const first = await hydrateServerMarkup(
      <RenderTimeProvider renderedAt="2003-01-01T00:00:00.000Z">
        <Footer />
      </RenderTimeProvider>,
    );
    const second = await hydrateServerMarkup(
      <RenderTimeProvider renderedAt="2004-01-01T00:00:00.000Z">
        <Footer />
      </RenderTimeProvider>,
    );

    expect(first.serverHtml).toContain('© <!-- -->2003');
    expect(second.serverHtml).toContain('© <!-- -->2004');
    expect([...first.errors, ...second.errors]).toEqual([]);
    first.unmount();
    second.unmount();
  });
});

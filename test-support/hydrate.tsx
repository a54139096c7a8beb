import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';

export interface HydrationResult {
  container: HTMLElement;
  /** The markup as the server rendered it. */
  serverHtml: string;
  /** Every mismatch React reported while hydrating: its recoverable errors and console errors. */
  errors: unknown[];
  unmount: () => void;
}

/**
 * Renders `ui` as the server does (react-dom/server: no effects, the stores' server snapshots),
 * puts the markup in the page, then hydrates it as the browser does. `beforeHydrate` changes what
 * only the browser knows (a session, a saved theme, the viewport) between the two, as a real
 * visitor's browser would.
 */
export async function hydrateServerMarkup(
  ui: ReactElement,
  { route = '/', beforeHydrate }: { route?: string; beforeHydrate?: () => void } = {},
): Promise<HydrationResult> {
  const tree = <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>;
  const serverHtml = renderToString(tree);
  const container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  beforeHydrate?.();

  const errors: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  let root: Root | undefined;
  try {
    await act(async () => {
      root = hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
    });
  } finally {
    consoleError.mockRestore();
  }
  return {
    container,
    serverHtml,
    errors,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

import type { ReactElement } from 'react';
import { act, screen } from '@testing-library/react';
import {
  renderWithProviders,
  type RenderOptions,
  type RenderWithProvidersResult,
} from '../../../../../test-support/render';

/**
 * Renders a catalogue page and waits for its content. The first render of a test file suspends
 * on the catalogue, and React only retries a suspended render inside an awaited act.
 */
export async function renderCatalogPage(ui: ReactElement, options: RenderOptions): Promise<RenderWithProvidersResult> {
  let result: RenderWithProvidersResult | undefined;
  await act(async () => {
    result = renderWithProviders(ui, options);
  });
  await screen.findByRole('heading', { level: 1 });
  return result as RenderWithProvidersResult;
}

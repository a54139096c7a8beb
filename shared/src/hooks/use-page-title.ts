import { useEffect } from 'react';
import { PRODUCT_NAME } from '@devhub/shared/constants';

export function pageTitle(screenTitle?: string): string {
  return screenTitle ? `${PRODUCT_NAME} - ${screenTitle}` : PRODUCT_NAME;
}

/** Sets the document title: the product name alone on home, else prefixed to the screen's title. */
export function usePageTitle(screenTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle(screenTitle);
  }, [screenTitle]);
}

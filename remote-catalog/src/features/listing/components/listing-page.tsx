import { CATALOG_TEXT } from '../../../lib/catalog-text';
import type { ListingPageProps } from '@devhub/shared/types';

export function ListingPage({ kind }: ListingPageProps) {
  return (
    <section>
      <h1>{CATALOG_TEXT.headings[kind]}</h1>
    </section>
  );
}

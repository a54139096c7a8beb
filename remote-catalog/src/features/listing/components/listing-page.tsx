import { CATALOG_TEXT } from '@devhub/shared/strings';
import type { ListingPageProps } from '@devhub/shared/types';

export function ListingPage({ kind }: ListingPageProps) {
  return (
    <section>
      <h1>{CATALOG_TEXT.headings[kind]}</h1>
    </section>
  );
}

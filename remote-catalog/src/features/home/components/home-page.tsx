import { CATALOG_TEXT } from '../../../lib/catalog-text';

export function HomePage() {
  return (
    <section>
      <h1>{CATALOG_TEXT.featured}</h1>
    </section>
  );
}

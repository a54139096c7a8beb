import { CATALOG_TEXT } from '@devhub/shared/strings';

export function HomePage() {
  return (
    <section>
      <h1>{CATALOG_TEXT.featured}</h1>
    </section>
  );
}

import { copyFixture } from './test/compile-fixture.ts';

describe("a remote's build", () => {
  const fixture = copyFixture('remote');
  afterAll(() => fixture.remove());

  it('fails, naming the file and the component, when an exposed page lacks the export its route table names', async () => {
    fixture.write(
      'src/exposes/listing-page.js',
      "export { ListingPage as Listing, loadArticles } from '../pages/listing-page.js';\n",
    );
    await expect(fixture.build(['ExposeContractPlugin'])).rejects.toThrow(
      './src/exposes/listing-page.js must export a component named "ListingPage" (src/app/routes.ts exposes it as ./ListingPage); it exports Listing, loadArticles',
    );
  });

  it('builds once every exposed page exports its component again', async () => {
    fixture.write('src/exposes/listing-page.js', "export { ListingPage } from '../pages/listing-page.js';\n");
    await expect(fixture.build(['ExposeContractPlugin'])).resolves.toMatch(/dist$/);
  });
});

import { copyWorkspace } from '../scripts/lib/workspace-copy.mjs';

describe("a remote's build", () => {
  const copy = copyWorkspace();
  afterAll(() => copy.remove());

  it('fails, naming the file and the component, when an exposed page lacks the export its route table names', async () => {
    copy.edit(
      'remote-account/src/app/exposes/cart-page.tsx',
      () => "export { CartPage as Cart } from '../../features/cart/components/cart-page';\n",
    );
    await expect(copy.build('remote-account')).rejects.toThrow(
      './src/app/exposes/cart-page.tsx must export a component named "CartPage" (src/app/routes.ts exposes it as ./CartPage); it exports Cart',
    );
  });

  it('builds once every exposed page exports its component again', async () => {
    copy.edit(
      'remote-account/src/app/exposes/cart-page.tsx',
      () => "export { CartPage } from '../../features/cart/components/cart-page';\n",
    );
    await expect(copy.build('remote-account')).resolves.toMatch(/remote-account\/dist$/);
  });
});

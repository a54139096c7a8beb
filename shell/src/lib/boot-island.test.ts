import { BOOT_ISLAND_ID, islandText, readBootIsland } from './boot-island';

function pageWith(text: string): Document {
  const page = document.implementation.createHTMLDocument();
  page.head.innerHTML = `<script type="application/json" id="${BOOT_ISLAND_ID}">${text}</script>`;
  return page;
}

describe("the page's data island", () => {
  it('reads back what was written into it, "</script>" in a value included', () => {
    const island = { sharedFiles: { axios: ['/9.js'] }, prerender: { route: '/</script><p>' } };
    expect(readBootIsland(pageWith(islandText(island)))).toEqual(island);
  });

  it('reads as empty when the page has none, or one that is not a JSON object', () => {
    expect(readBootIsland(document.implementation.createHTMLDocument())).toEqual({});
    expect(readBootIsland(pageWith('{not json'))).toEqual({});
    expect(readBootIsland(pageWith('null'))).toEqual({});
  });
});

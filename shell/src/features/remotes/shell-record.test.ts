import { readShellBuild } from './shell-record';

function pageListing(sharedFiles: string): Document {
  const page = document.implementation.createHTMLDocument();
  page.head.innerHTML = `<script type="application/json" id="devhub-shared-files">${sharedFiles}</script>`;
  return page;
}

describe("the shell build's shared modules' files", () => {
  it("are the ones the inline warm-up read, the page's list not read a second time", async () => {
    const page = pageListing('{"axios":["/9.js"]}');
    const getElementById = jest.spyOn(page, 'getElementById');

    const build = readShellBuild(page, { sharedFiles: { axios: ['/7.js'] } });

    await expect(build.sharedFiles).resolves.toEqual({ axios: ['/7.js'] });
    expect(getElementById).not.toHaveBeenCalledWith('devhub-shared-files');
  });

  it("are read from the page's list on a page without the warm-up, an empty list when it is broken", async () => {
    await expect(readShellBuild(pageListing('{"axios":["/9.js"]}')).sharedFiles).resolves.toEqual({ axios: ['/9.js'] });
    await expect(readShellBuild(pageListing('{not json')).sharedFiles).resolves.toEqual({});
    await expect(readShellBuild(pageListing('{"axios":["/9.js"]}'), {}).sharedFiles).resolves.toEqual({
      axios: ['/9.js'],
    });
  });
});

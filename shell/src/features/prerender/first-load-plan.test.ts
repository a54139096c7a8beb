import { remoteManifest } from '../../test/federation-fixtures';
import { firstLoadPlan } from './first-load-plan';

const PIN = '/remotes/catalog/1.2.0/mf-manifest.json';
const FOLDER = '/remotes/catalog/1.2.0/';

describe("a prerendered page's first-load plan", () => {
  const manifest = {
    ...remoteManifest('catalog'),
    metaData: {
      ...remoteManifest('catalog').metaData,
      integrity: {
        'remoteEntry.js': 'sha384-entry',
        '__federation_expose_HomePage.js': 'sha384-page',
        '__federation_expose_HomePage.js.gz': 'sha384-page-gz',
        'other-page.js': 'sha384-other',
      },
    },
  };

  it("lists the page's files where the browser finds them, the shell's copy of each shared module it provides", () => {
    const plan = firstLoadPlan({ pin: PIN, manifest, publicPath: FOLDER }, './HomePage', {
      react: [],
      axios: ['/223.js'],
    });
    expect(plan.manifest).toBe(PIN);
    expect(plan.files.entry).toEqual({ url: `${FOLDER}remoteEntry.js`, type: 'global', globalName: 'catalog' });
    expect(plan.files.scripts).toEqual([
      `${FOLDER}__federation_expose_HomePage.js`,
      `${FOLDER}HomePage-data.js`,
      `${FOLDER}react-hook-form.js`,
      '/223.js',
    ]);
    expect(plan.files.styles).toEqual([`${FOLDER}__federation_expose_HomePage.css`]);
    expect(plan.files.base).toBe(FOLDER);
  });

  it('gives the files it lists their digests, and only for a manifest that matched its pin', () => {
    const verified = firstLoadPlan({ pin: PIN, manifest, publicPath: FOLDER, verified: true }, './HomePage', {});
    expect(verified.files.integrity).toEqual({
      [`${FOLDER}remoteEntry.js`]: 'sha384-entry',
      [`${FOLDER}__federation_expose_HomePage.js`]: 'sha384-page',
    });
    expect(verified.files.entryIntegrity).toBe('sha384-entry');
    const unverified = firstLoadPlan({ pin: PIN, manifest, publicPath: FOLDER }, './HomePage', {});
    expect(unverified.files.integrity).toEqual({});
    expect(unverified.files.entryIntegrity).toBeUndefined();
  });
});

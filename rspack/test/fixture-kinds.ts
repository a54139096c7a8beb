/** The apps of rspack/test-fixtures, and the plugins a test can build one with. */
export type FixtureKind = 'remote' | 'shell';
export type FixturePlugin = 'ExposeAssetsPlugin' | 'ExposeContractPlugin' | 'ShellFilesPlugin';

/** The remote fixture's exposes, as a route table gives them to the federation plugin. */
export const REMOTE_EXPOSES = {
  './HomePage': './src/exposes/home-page.js',
  './ListingPage': './src/exposes/listing-page.js',
};

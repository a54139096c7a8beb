import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import ts from 'typescript';

// Jest runs tests as CommonJS, where __dirname is this folder.
const PACKAGE_DIR = dirname(__dirname);

function buildInputs(): string[] {
  const configFile = join(PACKAGE_DIR, 'tsconfig.build.json');
  const { config } = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path));
  return ts
    .parseJsonConfigFileContent(config, ts.sys, PACKAGE_DIR, undefined, configFile)
    .fileNames.map((file) => basename(file));
}

const isTestCode = (file: string) => /\.test\.ts$|^test-/.test(file);

describe('the build (dist/)', () => {
  it('compiles every source file and no test code', () => {
    const sources = readdirSync(join(PACKAGE_DIR, 'src')).filter((file) => file.endsWith('.ts'));
    expect(buildInputs().sort()).toEqual(sources.filter((file) => !isTestCode(file)).sort());
    expect(sources.filter(isTestCode).length).toBeGreaterThan(10);
  });
});

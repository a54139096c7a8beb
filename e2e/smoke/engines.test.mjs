import { missingLine, missingPackages } from './engines.mjs';

describe('missingPackages', () => {
  test('names nothing when every program and the typelib are there', () => {
    expect(missingPackages({ executable: () => true, typelib: () => true })).toEqual([]);
  });

  test('names the Debian package of each missing program, and of a missing typelib', () => {
    const present = new Set(['/usr/bin/gjs']);
    expect(
      missingPackages({
        executable: (path) => present.has(path) || /chromium$/.test(path),
        typelib: () => false,
      }),
    ).toEqual(['firefox-esr', 'webkit2gtk-driver', 'xvfb', 'gir1.2-webkit2-4.1']);
  });
});

test('missingLine is one line with the command that installs what is missing', () => {
  const line = missingLine(['firefox-esr', 'xvfb']);
  expect(line).not.toContain('\n');
  expect(line).toContain('sudo apt-get install -y firefox-esr xvfb');
});

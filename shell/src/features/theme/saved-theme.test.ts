import { applySavedTheme } from './saved-theme';

describe('the theme applied before the first paint', () => {
  const root = document.documentElement;
  afterEach(() => {
    localStorage.clear();
    root.className = '';
  });

  it.each([
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    [null, true, 'dark'],
    ['purple', false, 'light'],
  ])('is %s saved (the system prefers dark: %s): %s', (saved, systemDark, applied) => {
    window.matchMedia = ((query: string) => ({
      matches: systemDark && query === '(prefers-color-scheme: dark)',
    })) as never;
    if (saved !== null) localStorage.setItem('theme', saved);
    applySavedTheme();
    expect(root.className).toBe(applied);
  });
});

import { applySavedTheme } from './saved-theme';

function systemPrefersDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)' })) as never;
}

describe('the theme applied before the first paint', () => {
  const root = document.documentElement;
  afterEach(() => {
    localStorage.clear();
    root.className = '';
  });

  it("is the saved one, whatever the system's", () => {
    systemPrefersDark(true);
    localStorage.setItem('theme', 'light');
    applySavedTheme();
    expect(root.className).toBe('light');
    systemPrefersDark(false);
    localStorage.setItem('theme', 'dark');
    applySavedTheme();
    expect(root.className).toBe('dark');
  });

  it("follows the system's when none, or something unknown, is saved", () => {
    systemPrefersDark(true);
    applySavedTheme();
    expect(root.className).toBe('dark');
    systemPrefersDark(false);
    localStorage.setItem('theme', 'purple');
    applySavedTheme();
    expect(root.className).toBe('light');
  });
});

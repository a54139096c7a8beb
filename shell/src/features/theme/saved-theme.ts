import { STORAGE_KEYS } from '@devhub/shared/constants';
import { readStorage } from '@devhub/shared/browser-storage';

export type ThemeMode = 'light' | 'dark' | 'system';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readSavedMode(): ThemeMode {
  const saved = readStorage(STORAGE_KEYS.theme);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

/** Sets <html>'s theme class. */
export function applyDark(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
}

/**
 * The saved theme, or the system's, applied from the page's head before its first paint (start-page.ts),
 * so a dark-theme visitor never sees a light flash.
 */
export function applySavedTheme(): void {
  const mode = readSavedMode();
  applyDark(mode === 'dark' || (mode === 'system' && window.matchMedia(DARK_QUERY).matches));
}

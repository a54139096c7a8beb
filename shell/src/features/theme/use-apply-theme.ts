import { useEffect } from 'react';
import { useThemeStore } from './theme-store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function applyDark(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
}

/** Keeps <html>'s class in step with the chosen mode, following the OS live in system mode. */
export function useApplyTheme(): void {
  const mode = useThemeStore((state) => state.mode);
  useEffect(() => {
    if (mode !== 'system') {
      applyDark(mode === 'dark');
      return undefined;
    }
    const query = window.matchMedia(DARK_QUERY);
    applyDark(query.matches);
    const onChange = (event: MediaQueryListEvent) => applyDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [mode]);
}

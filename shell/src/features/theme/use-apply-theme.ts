import { useEffect } from 'react';
import { useThemeStore, type ThemeMode } from './theme-store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function applyDark(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
}

/** Applies `mode` to <html>, following the OS live in system mode; returns how to stop following. */
function apply(mode: ThemeMode): () => void {
  if (mode !== 'system') {
    applyDark(mode === 'dark');
    return () => undefined;
  }
  const query = window.matchMedia(DARK_QUERY);
  applyDark(query.matches);
  const onChange = (event: MediaQueryListEvent) => applyDark(event.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Keeps <html>'s class in step with the chosen mode. It reads the store itself rather than render
 * with it: while a prerendered page hydrates, components see the server's 'system', and applying
 * that for one frame would flash a dark-theme visitor's page light.
 */
export function useApplyTheme(): void {
  useEffect(() => {
    let stop = apply(useThemeStore.getState().mode);
    const unsubscribe = useThemeStore.subscribe((state, previous) => {
      if (state.mode === previous.mode) return;
      stop();
      stop = apply(state.mode);
    });
    return () => {
      unsubscribe();
      stop();
    };
  }, []);
}

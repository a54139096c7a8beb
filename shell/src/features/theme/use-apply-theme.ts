import { useEffect } from 'react';
import { applyDark, DARK_QUERY, type ThemeMode } from './saved-theme';
import { useThemeStore } from './theme-store';

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

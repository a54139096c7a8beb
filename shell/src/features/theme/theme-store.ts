import { create } from 'zustand';
import { STORAGE_KEYS } from '@devhub/shared/constants';
import { readStorage, writeStorage } from '@devhub/shared/browser-storage';

export type ThemeMode = 'light' | 'dark' | 'system';

const NEXT_MODE: Record<ThemeMode, ThemeMode> = { light: 'dark', dark: 'system', system: 'light' };

export function readSavedMode(): ThemeMode {
  const saved = readStorage(STORAGE_KEYS.theme);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

interface ThemeState {
  mode: ThemeMode;
  /** light → dark → system → light; system forgets the saved choice (spec §4). */
  cycle: () => void;
}

/**
 * Starts at 'system', what a page rendered ahead of time shows (React renders that initial state
 * while it hydrates one), then takes the saved mode.
 */
export const useThemeStore = create<ThemeState>()((set, get) => ({
  mode: 'system',
  cycle: () => {
    const mode = NEXT_MODE[get().mode];
    writeStorage(STORAGE_KEYS.theme, mode === 'system' ? null : mode);
    set({ mode });
  },
}));

if (typeof window !== 'undefined') useThemeStore.setState({ mode: readSavedMode() });

import { create } from 'zustand';
import { STORAGE_KEYS } from '@devhub/shared/constants';
import { writeStorage } from '@devhub/shared/browser-storage';
import { readSavedMode, type ThemeMode } from './saved-theme';

const NEXT_MODE: Record<ThemeMode, ThemeMode> = { light: 'dark', dark: 'system', system: 'light' };

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

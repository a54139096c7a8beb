import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from './components/theme-toggle';
import { readSavedMode } from './saved-theme';
import { useThemeStore } from './theme-store';
import { useApplyTheme } from './use-apply-theme';

type Listener = (event: MediaQueryListEvent) => void;

function fakeDarkPreference(initiallyDark: boolean) {
  const listeners = new Set<Listener>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
  };
  window.matchMedia = jest.fn().mockReturnValue(query);
  return {
    setDark(dark: boolean) {
      query.matches = dark;
      act(() => listeners.forEach((listener) => listener({ matches: dark } as MediaQueryListEvent)));
    },
    listenerCount: () => listeners.size,
  };
}

function ThemedApp() {
  useApplyTheme();
  return <ThemeToggle />;
}

/** The store as a page that opens now finds it: a fresh module instance reading today's localStorage. */
async function themeAtStartUp(): Promise<typeof useThemeStore> {
  let store: typeof useThemeStore | undefined;
  await jest.isolateModulesAsync(async () => {
    ({ useThemeStore: store } = await import('./theme-store'));
  });
  return store as typeof useThemeStore;
}

const root = document.documentElement;
const initialTheme = useThemeStore.getState();
const realMatchMedia = window.matchMedia;

afterEach(() => {
  useThemeStore.setState(initialTheme, true);
  window.matchMedia = realMatchMedia;
  root.className = '';
});

describe('theme', () => {
  it("starts from 'system', what a prerendered page shows while it hydrates, then takes the saved mode", async () => {
    localStorage.setItem('theme', 'dark');
    const store = await themeAtStartUp();
    expect(store.getInitialState().mode).toBe('system');
    expect(store.getState().mode).toBe('dark');
  });

  it('reads the saved choice, defaulting to system', () => {
    expect(readSavedMode()).toBe('system');
    localStorage.setItem('theme', 'dark');
    expect(readSavedMode()).toBe('dark');
    localStorage.setItem('theme', 'purple');
    expect(readSavedMode()).toBe('system');
  });

  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['purple', 'system'],
    [null, 'system'],
  ])('starts in the mode a previous visit saved under "theme" (%p → %s)', async (saved, mode) => {
    if (saved !== null) localStorage.setItem('theme', saved);
    expect((await themeAtStartUp()).getState().mode).toBe(mode);
  });

  it('cycles light → dark → system → light, saving light/dark and forgetting system', async () => {
    fakeDarkPreference(false);
    useThemeStore.setState({ mode: 'light' });
    render(<ThemedApp />);
    const user = userEvent.setup();
    const toggle = () => screen.getByRole('button', { name: /Giao diện/ });

    expect(toggle()).toHaveAccessibleName(/sáng/);
    expect(root).toHaveClass('light');

    await user.click(toggle());
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(root).toHaveClass('dark');
    expect(toggle()).toHaveAccessibleName(/tối/);

    await user.click(toggle());
    expect(localStorage.getItem('theme')).toBeNull();
    expect(toggle()).toHaveAccessibleName(/theo hệ thống/);
    expect(root).toHaveClass('light');

    await user.click(toggle());
    expect(localStorage.getItem('theme')).toBe('light');
    expect(root).toHaveClass('light');
    expect(root).not.toHaveClass('dark');
  });

  it('follows the operating system live in system mode only', () => {
    const os = fakeDarkPreference(false);
    const { unmount } = render(<ThemedApp />);
    expect(root).toHaveClass('light');

    os.setDark(true);
    expect(root).toHaveClass('dark');
    os.setDark(false);
    expect(root).toHaveClass('light');

    act(() => useThemeStore.setState({ mode: 'light' }));
    expect(os.listenerCount()).toBe(0);
    os.setDark(true);
    expect(root).toHaveClass('light');
    unmount();
  });
});

import { SHELL_TEXT } from '@devhub/shared/strings';
import { Icon } from '@devhub/shared/icon';
import { useThemeStore } from '../theme-store';
import styles from './theme-toggle.module.css';

const ICONS = { light: 'sun', dark: 'moon', system: 'system' } as const;

export function ThemeToggle() {
  const mode = useThemeStore((state) => state.mode);
  const cycle = useThemeStore((state) => state.cycle);
  return (
    <button
      type="button"
      className={styles.toggle}
      onClick={cycle}
      aria-label={SHELL_TEXT.theme[mode]}
      title={SHELL_TEXT.theme[mode]}
      data-mode={mode}
    >
      <Icon name={ICONS[mode]} />
    </button>
  );
}

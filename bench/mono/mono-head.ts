// The one-bundle baseline's head script: the theme applied before the first paint and the registry
// requested once, as the shell's head script does (shell/src/app/start-page.ts); nothing to warm up.
import { applySavedTheme } from '../../shell/src/features/theme/saved-theme';

applySavedTheme();
void fetch('/remotes.json');

import { useStore } from 'zustand';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { storeOverrides } from '../overrides';
import { useRemoteHost } from '../remote-host-context';
import type { RemotesState } from '../remote-status';
import styles from './override-badge.module.css';

const selectRemotes = (state: RemotesState) => state.remotes;

/** Visible whenever a per-browser override is in force, so nobody forgets they are testing another build. */
export function OverrideBadge() {
  const remotes = useStore(useRemoteHost().status.store, selectRemotes);
  const active = Object.entries(remotes).filter(([, status]) => status?.override);
  if (active.length === 0) return null;
  const clear = () => {
    storeOverrides({});
    window.location.reload();
  };
  return (
    <aside className={styles.badge} aria-label={SHELL_TEXT.overrides.badge}>
      <strong>{SHELL_TEXT.overrides.badge}</strong>
      <ul className={styles.list}>
        {active.map(([name, status]) => (
          <li key={name}>
            <code>{name}</code> → <code>{status?.override}</code>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.clear} onClick={clear}>
        {SHELL_TEXT.overrides.clear}
      </button>
    </aside>
  );
}

import { useEffect } from 'react';
import { useStore } from 'zustand';
import { SHELL_TEXT } from '@devhub/shared/strings';
import { announce } from '../../a11y/announcer';
import { OVERRIDE_TEXT } from '../override-text';
import { storeOverrides } from '../overrides';
import { useRemoteHost } from '../remote-host-context';
import type { RemotesState } from '../remote-status';
import styles from './override-badge.module.css';

const selectRemotes = (state: RemotesState) => state.remotes;
const selectProposals = (state: RemotesState) => state.proposals;

/** Where the visitor confirms or discards a proposed override (router.tsx). */
const REMOTES_PANEL_PATH = '/__remotes';

/**
 * What overrides do in this browser, always in view: a notice when a link proposed one (it does
 * not apply until the visitor confirms it in the remotes panel, which the notice links to; a
 * screen reader hears it in the shell's polite live region), and a badge while one is in force,
 * so nobody forgets they are testing another build.
 */
export function OverrideBadge() {
  const { store } = useRemoteHost().status;
  const remotes = useStore(store, selectRemotes);
  const proposals = useStore(store, selectProposals);
  const active = Object.entries(remotes).filter(([, status]) => status?.override);
  const proposed = Object.keys(proposals).join(', ');
  const notice = proposed ? OVERRIDE_TEXT.notice.body(proposed) : '';
  useEffect(() => {
    if (notice) announce(`${notice} ${OVERRIDE_TEXT.notice.link}.`);
  }, [notice]);
  if (active.length === 0 && !notice) return null;
  const clear = () => {
    storeOverrides({});
    window.location.reload();
  };
  return (
    <div className={styles.stack}>
      {notice && (
        <aside className={styles.badge} aria-label={OVERRIDE_TEXT.notice.label}>
          <strong>{OVERRIDE_TEXT.notice.label}</strong>
          <p className={styles.notice}>{notice}</p>
          <a className={styles.link} href={REMOTES_PANEL_PATH}>
            {OVERRIDE_TEXT.notice.link}
          </a>
        </aside>
      )}
      {active.length > 0 && (
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
      )}
    </div>
  );
}

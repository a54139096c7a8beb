import { useId } from 'react';
import { useStore } from 'zustand';
import { OVERRIDE_TEXT } from '../override-text';
import { confirmProposal, discardProposal } from '../overrides';
import { useRemoteHost } from '../remote-host-context';
import type { RemotesState } from '../remote-status';
import styles from './remotes-panel.module.css';

const TEXT = OVERRIDE_TEXT.panel;
const selectProposals = (state: RemotesState) => state.proposals;

/**
 * The remotes panel's part where a proposed override is decided: the remote and the URL a link
 * proposed, to confirm (it applies from the reload, for a day at most) or to discard. Nothing of
 * it loads before that.
 */
export function OverrideProposals() {
  const { status } = useRemoteHost();
  const proposals = useStore(status.store, selectProposals);
  const headingId = useId();
  const entries = Object.entries(proposals) as [string, string][];
  if (entries.length === 0) return null;

  const confirm = (name: string, url: string) => {
    confirmProposal(name, url);
    // Applied on a fresh page: no page of the pinned build stays loaded beside the override's.
    window.location.reload();
  };
  const discard = (name: string) => {
    discardProposal(name);
    status.setProposals(Object.fromEntries(entries.filter(([other]) => other !== name)));
  };

  return (
    <section className={styles.proposals} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subheading}>
        {TEXT.heading}
      </h2>
      <p>{TEXT.intro}</p>
      <ul className={styles.proposalList}>
        {entries.map(([name, url]) => (
          <li key={name} data-remote={name}>
            <dl className={styles.proposal}>
              <dt>{TEXT.remote}</dt>
              <dd>
                <code>{name}</code>
              </dd>
              <dt>{TEXT.url}</dt>
              <dd className={styles.entry}>
                <code>{url}</code>
              </dd>
            </dl>
            <div className={styles.actions}>
              <button type="button" className={styles.confirm} onClick={() => confirm(name, url)}>
                {TEXT.confirm(name)}
              </button>
              <button type="button" className={styles.refresh} onClick={() => discard(name)}>
                {TEXT.discard(name)}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

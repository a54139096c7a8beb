import { useEffect, useReducer, useState } from 'react';
import { useStore } from 'zustand';
import { getInstance } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@devhub/shared/remote-contract';
import { PAGE_TITLES, SHELL_TEXT } from '@devhub/shared/strings';
import { usePageTitle } from '@devhub/shared/use-page-title';
import { remoteStatusStore, type ManifestInfo, type RemoteStatusState } from '../../../app/federation/remote-status';
import styles from './remotes-panel.module.css';

const TEXT = SHELL_TEXT.remotesPanel;
const selectRemotes = (state: RemoteStatusState) => state.remotes;

interface SingletonRow {
  name: string;
  version: string;
  from: string;
  loaded: boolean;
}

function singletonRows(): SingletonRow[] {
  const scopes = getInstance()?.shareScopeMap ?? {};
  const rows: SingletonRow[] = [];
  for (const packages of Object.values(scopes)) {
    for (const [name, versions] of Object.entries(packages)) {
      for (const [version, shared] of Object.entries(versions)) {
        // A tree-shaken singleton (react-router) records its load on its cut-down variant.
        const treeShaken = (shared as { treeShaking?: { loaded?: boolean } }).treeShaking;
        rows.push({ name, version, from: shared.from, loaded: Boolean(shared.loaded || treeShaken?.loaded) });
      }
    }
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/**
 * Reads each remote's manifest (version and build) as the registry points at it, so remotes the
 * page has not loaded yet show them too. `entriesKey` is the JSON of the entries, a stable dependency.
 */
function useManifests(entriesKey: string) {
  const [fetched, setFetched] = useState<Partial<Record<RemoteName, ManifestInfo | 'unreachable'>>>({});
  useEffect(() => {
    const entries = JSON.parse(entriesKey) as Partial<Record<RemoteName, string>>;
    const controller = new AbortController();
    for (const name of REMOTE_NAMES) {
      const entry = entries[name];
      if (!entry) continue;
      fetch(entry, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
        .then((body: { metaData?: { buildInfo?: { buildVersion?: string; buildHash?: string } } }) =>
          setFetched((current) => ({
            ...current,
            [name]: {
              version: body.metaData?.buildInfo?.buildVersion,
              buildHash: body.metaData?.buildInfo?.buildHash,
              shared: [],
            },
          })),
        )
        .catch(() => {
          if (!controller.signal.aborted) setFetched((current) => ({ ...current, [name]: 'unreachable' }));
        });
    }
    return () => controller.abort();
  }, [entriesKey]);
  return fetched;
}

/** /__remotes: what the runtime actually loaded, for whoever debugs a deploy. */
export function RemotesPanel() {
  usePageTitle(PAGE_TITLES.remotes);
  const remotes = useStore(remoteStatusStore, selectRemotes);
  const [, refresh] = useReducer((count: number) => count + 1, 0);
  const entries = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, remotes[name]?.override ?? remotes[name]?.entry]),
  );
  const fetched = useManifests(JSON.stringify(entries));
  const singletons = singletonRows();

  return (
    <section className={styles.panel}>
      <h1 className={styles.heading}>{TEXT.heading}</h1>
      <p className={styles.intro}>{TEXT.intro}</p>
      <button type="button" className={styles.refresh} onClick={refresh}>
        {TEXT.refresh}
      </button>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption>{TEXT.remotesCaption}</caption>
          <thead>
            <tr>
              {(['remote', 'version', 'build', 'entry', 'override', 'status', 'loadTime'] as const).map((key) => (
                <th key={key} scope="col">
                  {TEXT.columns[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {REMOTE_NAMES.map((name) => {
              const status = remotes[name];
              const fromFetch = fetched[name];
              const manifest = status?.manifest ?? (fromFetch === 'unreachable' ? undefined : fromFetch);
              return (
                <tr key={name} data-remote={name}>
                  <th scope="row">{name}</th>
                  <td>{manifest?.version ?? '—'}</td>
                  <td>
                    <code>{manifest?.buildHash ?? '—'}</code>
                  </td>
                  <td className={styles.entry}>
                    <code>{status?.override ?? status?.entry ?? TEXT.noRegistry}</code>
                  </td>
                  <td>{status?.override ? TEXT.yes : TEXT.no}</td>
                  <td data-state={status?.state ?? 'not-loaded'}>
                    {TEXT.states[status?.state ?? 'not-loaded']}
                    {status?.error && <div className={styles.error}>{status.error}</div>}
                    {(status?.warnings ?? []).map((warning) => (
                      <div key={warning} className={styles.warning}>
                        {TEXT.warning}: {warning}
                      </div>
                    ))}
                  </td>
                  <td>{status?.loadMs === undefined ? '—' : `${status.loadMs} ms`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption>{TEXT.sharedCaption}</caption>
          <thead>
            <tr>
              {(['library', 'version', 'providedBy', 'loaded'] as const).map((key) => (
                <th key={key} scope="col">
                  {TEXT.columns[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {singletons.map((row) => (
              <tr key={`${row.name}@${row.version}@${row.from}`}>
                <th scope="row">
                  <code>{row.name}</code>
                </th>
                <td>{row.version}</td>
                <td>{row.from}</td>
                <td>{row.loaded ? TEXT.yes : TEXT.no}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { useEffect, useReducer } from 'react';
import { useStore } from 'zustand';
import { PAGE_TITLES, SHELL_TEXT } from '@devhub/shared/strings';
import { usePageTitle } from '@devhub/shared/use-page-title';
import { FederationInternalsError, sharedModuleStates, type SharedModuleState } from '../federation-internals';
import { useRemoteHost } from '../remote-host-context';
import type { RemotesState } from '../remote-status';
import { useRouteSettled } from '../use-route-settled';
import { LiveVersions } from './live-versions';
import { OverrideProposals } from './override-proposals';
import styles from './remotes-panel.module.css';

const TEXT = SHELL_TEXT.remotesPanel;

/** What only the shell's panel says of canaries and of pages that threw (not part of @devhub/shared). */
const RUN_TEXT = {
  candidate: 'bản ứng viên (canary) mà trình duyệt này chạy',
  pageError: (message: string) => `Trang gặp lỗi khi hiển thị: ${message}`,
};
const selectRemotes = (state: RemotesState) => state.remotes;
const selectRegistry = (state: RemotesState) => state.registry;
const selectFirstPage = (state: RemotesState) => state.firstPage;

/** The shared modules the runtime registered, or why they cannot be read on this runtime version. */
function readSingletons(): { rows: SharedModuleState[] } | { error: string } {
  try {
    return { rows: sharedModuleStates() };
  } catch (error) {
    if (error instanceof FederationInternalsError) return { error: error.message };
    throw error;
  }
}

/**
 * /__remotes: the overrides a link proposed (to confirm or discard), what the registry pins, what each
 * remote build is and whether it fits, what the runtime loaded.
 */
export function RemotesPanel() {
  usePageTitle(PAGE_TITLES.remotes);
  useRouteSettled('remotes-panel');
  const host = useRemoteHost();
  const remotes = useStore(host.status.store, selectRemotes);
  const registry = useStore(host.status.store, selectRegistry);
  const firstPage = useStore(host.status.store, selectFirstPage);
  const [refreshes, refresh] = useReducer((count: number) => count + 1, 0);
  // The remotes the registry names (the shell keeps no list of them): every one's manifest is read
  // and checked, so those not loaded yet show their version too.
  useEffect(() => {
    if (registry.state !== 'ready') return;
    for (const name of Object.keys(selectRemotes(host.status.store.getState()))) void host.inspectRemote(name);
  }, [host, registry.state, refreshes]);
  const singletons = readSingletons();

  return (
    <section className={styles.panel}>
      <h1 className={styles.heading}>{TEXT.heading}</h1>
      <p className={styles.intro}>{TEXT.intro}</p>
      <OverrideProposals />
      {firstPage && (
        <p className={styles.intro} data-rendering={firstPage.rendering}>
          {TEXT.firstPage(firstPage.route, SHELL_TEXT.prerender[firstPage.rendering], firstPage.reason)}
        </p>
      )}
      {registry.state === 'failed' && <p className={styles.error}>{registry.error}</p>}
      <button type="button" className={styles.refresh} onClick={refresh}>
        {TEXT.refresh}
      </button>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption>{TEXT.remotesCaption}</caption>
          <thead>
            <tr>
              {(['remote', 'version', 'build', 'entry', 'override', 'status', 'loadTime', 'integrity'] as const).map(
                (key) => (
                  <th key={key} scope="col">
                    {TEXT.columns[key]}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {Object.keys(remotes).map((name) => {
              const status = remotes[name];
              return (
                <tr key={name} data-remote={name}>
                  <th scope="row">{name}</th>
                  <td>
                    {status?.version ?? '—'}
                    {status?.role === 'candidate' && <div className={styles.warning}>{RUN_TEXT.candidate}</div>}
                  </td>
                  <td>
                    <code>{status?.buildHash ?? '—'}</code>
                  </td>
                  <td className={styles.entry}>
                    <code>{status?.override ?? status?.entry ?? TEXT.noRegistry}</code>
                  </td>
                  <td>{status?.override ? TEXT.yes : TEXT.no}</td>
                  <td data-state={status?.state ?? 'not-loaded'}>
                    {TEXT.states[status?.state ?? 'not-loaded']}
                    {status?.error && <div className={styles.error}>{status.error}</div>}
                    {status?.pageError && <div className={styles.error}>{RUN_TEXT.pageError(status.pageError)}</div>}
                    {(status?.problems ?? []).map((problem) => (
                      <div key={problem} className={styles.warning}>
                        {TEXT.incompatible}: {problem}
                      </div>
                    ))}
                  </td>
                  <td>{status?.loadMs === undefined ? '—' : `${status.loadMs} ms`}</td>
                  <td data-integrity={status?.integrity ?? 'unknown'}>
                    {status?.integrity ? TEXT.integrity[status.integrity] : '—'}
                    {status?.mismatch && (
                      <div className={styles.error}>
                        <code>
                          {TEXT.mismatch(status.mismatch.file, status.mismatch.expected, status.mismatch.actual ?? '—')}
                        </code>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <LiveVersions refreshes={refreshes} />
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
            {'error' in singletons && (
              <tr>
                <td colSpan={4} className={styles.error}>
                  {TEXT.sharedUnreadable}
                  <div>
                    <code>{singletons.error}</code>
                  </div>
                </td>
              </tr>
            )}
            {('rows' in singletons ? singletons.rows : []).map((row) => (
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

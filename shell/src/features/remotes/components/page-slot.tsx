import { memo, Suspense, use, useEffect } from 'react';
import { remoteOf, type PageProps, type RemoteModuleId } from '@devhub/shared/remote-contract';
import { ContentReadyContext } from '@devhub/shared/use-content-ready';
import type { FirstPage } from '../first-page';
import { useRemoteHost } from '../remote-host-context';
import type { PageComponent } from '../remote-loader-types';
import { RemoteSkeleton } from './remote-skeleton';

/**
 * Tells the host when a remote's page is mounted (its content may still be loading: see
 * useContentReady). It rendered: what an earlier page of its remote threw is past.
 */
function Mounted({ module, firstPage }: { module: RemoteModuleId; firstPage: FirstPage }) {
  const { status } = useRemoteHost();
  useEffect(() => {
    firstPage.pageMounted(module);
    const remote = remoteOf(module);
    if (status.statusOf(remote).pageError !== undefined) status.updateStatus(remote, { pageError: undefined });
  }, [firstPage, module, status]);
  return null;
}

/** The page once its module is in, told where to report its content, and the host told it mounted. */
function MountedPage({
  Page,
  module,
  props,
}: {
  Page: PageComponent<RemoteModuleId>;
  module: RemoteModuleId;
  props: PageProps;
}) {
  const { firstPage } = useRemoteHost();
  return (
    <ContentReadyContext value={firstPage.contentReady}>
      <Page {...props} />
      <Mounted module={module} firstPage={firstPage} />
    </ContentReadyContext>
  );
}

/** A page hydrated before its module arrived: it suspends until then, its server markup kept on screen. */
function ArrivingPage({
  arriving,
  module,
  props,
}: {
  arriving: Promise<PageComponent<RemoteModuleId>>;
  module: RemoteModuleId;
  props: PageProps;
}) {
  return <MountedPage Page={use(arriving)} module={module} props={props} />;
}

/**
 * The page's Suspense boundary, where the server rendered one. Memoised: props that do not change
 * re-render nothing inside it, for a boundary still holding its server markup switches to
 * rendering in the browser (its skeleton, then the page) on the first update that reaches it.
 */
export const PageSlot = memo(function PageSlot({
  Page,
  arriving,
  module,
  props,
}: {
  Page: PageComponent<RemoteModuleId> | undefined;
  arriving: Promise<PageComponent<RemoteModuleId>> | undefined;
  module: RemoteModuleId;
  props: PageProps;
}) {
  return (
    // A page that suspends on its own data shows the skeleton meanwhile.
    <Suspense fallback={<RemoteSkeleton />}>
      {Page ? (
        <MountedPage Page={Page} module={module} props={props} />
      ) : arriving ? (
        <ArrivingPage arriving={arriving} module={module} props={props} />
      ) : null}
    </Suspense>
  );
});

import { lazy, Suspense, useEffect, useState } from 'react';
import { useRemoteHost } from '../remotes/remote-host-context';

const TelemetryReporter = lazy(async () => ({
  default: (await import('./telemetry-reporter')).TelemetryReporter,
}));

/** The reporter loads once the first page has come to rest: nothing of it competes with that page. */
export function TelemetrySlot() {
  const { firstPage } = useRemoteHost();
  const [afterFirst, setAfterFirst] = useState(false);
  useEffect(() => firstPage.afterFirstPage(() => setAfterFirst(true)), [firstPage]);
  if (!afterFirst) return null;
  return (
    <Suspense fallback={null}>
      <TelemetryReporter />
    </Suspense>
  );
}

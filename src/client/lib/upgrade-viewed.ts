import { useEffect, useRef } from 'react';
import { clientEventRecordedSchema } from '#shared/analytics/analytics.schemas.ts';
import { postData } from './api-client.ts';

// The one analytics event the browser reports (the server cannot see a page or dialog being shown):
// "upgrade viewed". The server records it only for a signed-in user who has not opted out.

type UpgradeSource = 'subscribe-page' | 'upgrade-dialog' | 'upgrade-prompt';

/** Reports once per mount that an upgrade page or dialog was seen; a failure is not the user's concern. */
export function useReportUpgradeViewed(source: UpgradeSource, isSignedIn: boolean): void {
  const isSent = useRef(false);
  useEffect(() => {
    if (!isSignedIn || isSent.current) return;
    isSent.current = true;
    void postData('/api/analytics/events', { type: 'upgrade_viewed', source }, clientEventRecordedSchema).catch(
      () => undefined,
    );
  }, [source, isSignedIn]);
}

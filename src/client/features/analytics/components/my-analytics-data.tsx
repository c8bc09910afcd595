import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { countOf } from '#client/lib/format.ts';
import { eventsSummaryQueryOptions, useDeleteMyAnalytics } from '../api/analytics-api.ts';

/** The product analytics events kept about the user: how many, the opt-out, and delete. */
export function MyAnalyticsData() {
  const summary = useQuery(eventsSummaryQueryOptions());
  const remove = useDeleteMyAnalytics();
  const [isConfirming, setIsConfirming] = useState(false);
  if (!summary.data) return null;
  const s = summary.data;
  return (
    <section aria-labelledby="my-analytics-data" className="rounded-lg border p-4 text-sm">
      <h2 id="my-analytics-data" className="text-lg font-semibold">
        Your analytics data
      </h2>
      <p className="mt-1">
        The numbers above come from your own searches. Separately, Unbuilt records product analytics events (search run,
        result saved, export, share, plan created, upgrade viewed) with your browser&apos;s user agent and your sign-in
        session, never the text of your searches. Events older than {s.retentionMonths} months are deleted
        automatically.
      </p>
      <p className="mt-2" aria-live="polite">
        {s.optedOut
          ? 'You have opted out: no event is recorded for your account.'
          : 'Recording is on for your account.'}{' '}
        {countOf(s.events, 'event')} kept.{' '}
        <Link className="inline-link underline" to={paths.account.href()}>
          Change the opt-out in Settings
        </Link>
        .
      </p>
      {remove.isSuccess ? <p className="mt-2">Deleted {countOf(remove.data.deleted, 'event')}.</p> : null}
      {remove.isError ? (
        <p role="alert" className="mt-2 text-destructive">
          The events could not be deleted. Please try again.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {isConfirming ? (
          <>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSettled: () => setIsConfirming(false) })}
            >
              Yes, delete {countOf(s.events, 'event')}
            </Button>
            <Button variant="outline" onClick={() => setIsConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="outline" disabled={s.events === 0} onClick={() => setIsConfirming(true)}>
            Delete my analytics data
          </Button>
        )}
      </div>
    </section>
  );
}

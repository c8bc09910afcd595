import { useQuery } from '@tanstack/react-query';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { dashboardQueryOptions } from '#client/features/analytics/api/analytics-api.ts';
import { AdvancedAnalytics } from '#client/features/analytics/components/advanced-analytics.tsx';
import { AnalyticsDashboard } from '#client/features/analytics/components/analytics-dashboard.tsx';
import { MyAnalyticsData } from '#client/features/analytics/components/my-analytics-data.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /analytics: the user's own analytics; advanced analytics for Pro and Enterprise; their analytics data. */
export function AnalyticsPage() {
  usePageMeta('Analytics', 'Your searches, markets, saved opportunities and scores over time.');
  const dashboard = useQuery(dashboardQueryOptions());
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">Analytics</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Counted from your own searches and results. The last 12 months, by calendar month (UTC).
        </p>
      </div>
      {dashboard.isPending ? (
        <Spinner className="w-full py-16" label="Loading your analytics" />
      ) : dashboard.isError ? (
        <ErrorScreen error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <AnalyticsDashboard data={dashboard.data} />
          <section aria-labelledby="advanced-analytics" className="rounded-lg border p-4">
            <h2 id="advanced-analytics" className="mb-2 text-lg font-semibold">
              Advanced analytics
            </h2>
            <AdvancedAnalytics isAllowed={dashboard.data.advanced} />
          </section>
        </>
      )}
      <MyAnalyticsData />
    </div>
  );
}

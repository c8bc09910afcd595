// Product analytics events (docs/product/analytics.md): the key events recorded server-side.

export const ANALYTICS_EVENT_TYPES = [
  'search_run',
  'result_saved',
  'export',
  'share',
  'plan_created',
  'upgrade_viewed',
  'market_research_run',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Events the browser may report itself (page views the server cannot see); all others are recorded by the server. */
export const CLIENT_EVENT_TYPES = ['upgrade_viewed'] as const;

/** Events older than this are deleted by the scheduled purge. */
export const ANALYTICS_RETENTION_MONTHS = 13;

import { MarketTrendsView } from '#client/features/market-trends/components/market-trends-view.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /market-trends: where companies have been entering the directory, from the corpus. */
export function MarketTrendsPage() {
  usePageMeta('Market trends', 'A heat map of companies entering the YC directory by category and year.');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">Market trends</h1>
      <p className="mt-1 mb-5 text-sm text-muted-foreground">
        Companies entering the Y Combinator directory by category and batch year, with their survival and the projected
        growth of the occupations behind each market.
      </p>
      <MarketTrendsView />
    </div>
  );
}

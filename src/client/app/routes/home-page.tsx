import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LOW_SEARCH_PROMPT_RATIO } from '#shared/plans/plans.constants.ts';
import { defaultFilters, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import { WelcomePill } from '#client/features/auth/components/welcome-pill.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { recentSearchesQueryOptions } from '#client/features/searches/api/searches-api.ts';
import { usageQueryOptions } from '#client/features/usage/api/usage-api.ts';
import { HelpLink } from '#client/features/help/components/help-link.tsx';
import { PlansDialog } from '#client/features/billing/components/plans-dialog.tsx';
import { RecentDiscoveries } from '#client/features/searches/components/recent-discoveries.tsx';
import { SearchBar } from '#client/features/searches/components/search-bar.tsx';
import { SearchProgressOverlay } from '#client/features/searches/components/search-progress-overlay.tsx';
import { UpgradePrompt } from '#client/features/billing/components/upgrade-prompt.tsx';
import { UsageCard } from '#client/features/usage/components/usage-card.tsx';
import { trendingQueryOptions } from '#client/features/trends/api/trends-api.ts';
import { CorpusNotice } from '#client/features/trends/components/corpus-notice.tsx';
import { useRunSearch } from '#client/features/searches/hooks/use-run-search.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** Signed-in home (docs/product/screens.md): usage, low-search prompt, search with filters, recent discoveries. */
export function HomePage() {
  usePageMeta('Discover', 'Search for market gaps backed by evidence.');
  const user = useAuthStore((s) => s.user);
  const [filters, setFilters] = useState<SearchFilters>(defaultFilters);
  const [isPlansOpen, setPlansOpen] = useState(false);
  const usage = useQuery(usageQueryOptions());
  const recent = useQuery(recentSearchesQueryOptions());
  // The corpus in use: its kind (the seed-sample note) and its newest evidence window (Trending Now).
  const trending = useQuery(trendingQueryOptions());
  const { state, run, cancel } = useRunSearch();
  const [params] = useSearchParams();
  const initialQuery = params.get('q') ?? '';
  if (!user) return null;

  const plan = usage.data?.plan ?? user.plan;
  const limit = usage.data?.searchesLimit;
  // "Running low" is for a user who still has searches: at the limit the usage card already says so.
  const isLow =
    usage.data !== undefined &&
    limit !== null &&
    limit !== undefined &&
    usage.data.searchesUsed < limit &&
    usage.data.searchesUsed / limit >= LOW_SEARCH_PROMPT_RATIO;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <WelcomePill />
      <div className="mt-4 flex items-start justify-between gap-2">
        <h1 className="text-3xl font-bold">Discover what&apos;s still unbuilt</h1>
        <HelpLink page="home" />
      </div>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <UsageCard usage={usage.data} plan={plan} />
        {isLow ? <UpgradePrompt reason="search-limit" plan={plan} onViewPlans={() => setPlansOpen(true)} /> : null}
      </div>
      <div className="mt-6 space-y-3">
        <CorpusNotice corpus={trending.data?.corpus} />
        <SearchBar
          filters={filters}
          recentWindow={trending.data?.recentWindow ?? null}
          onFiltersChange={setFilters}
          onSearch={(q) => run(q, filters)}
          isLoading={state.isRunning}
          initialQuery={initialQuery}
        />
      </div>
      <RecentDiscoveries items={recent.data?.items} />
      <SearchProgressOverlay state={state} onCancel={cancel} />
      <PlansDialog isOpen={isPlansOpen} onOpenChange={setPlansOpen} currentPlan={plan} />
    </div>
  );
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  marketReportPageSchema,
  marketReportSchema,
  marketResearchResponseSchema,
  type MarketResearchRequest,
} from '#shared/market-research/market-research.schemas.ts';
import { getData, postData } from '#client/lib/api-client.ts';
import { sharedQueryRoots } from '#client/lib/query-keys.ts';

// /api/market-research calls (paths documented in the server's market-research.routes.ts).

export const marketResearchKeys = {
  all: ['market-research'] as const,
  list: () => ['market-research', 'list'] as const,
  report: (id: number) => ['market-research', 'report', id] as const,
};

export function marketReportsQueryOptions() {
  return queryOptions({
    queryKey: marketResearchKeys.list(),
    queryFn: () => getData('/api/market-research?pageSize=20', marketReportPageSchema),
  });
}

export function marketReportQueryOptions(id: number) {
  return queryOptions({
    queryKey: marketResearchKeys.report(id),
    queryFn: () => getData(`/api/market-research/${id}`, marketReportSchema),
  });
}

export function useRunMarketResearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarketResearchRequest) => postData('/api/market-research', input, marketResearchResponseSchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketResearchKeys.list() });
      // The report used a search: the usage widgets must re-read the count.
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.usage });
    },
  });
}

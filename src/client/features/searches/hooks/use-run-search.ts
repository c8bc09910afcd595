import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AnalysisStage } from '#shared/engine/analysis.schemas.ts';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import { searchStreamLineSchema, type SearchStreamLine } from '#shared/searches/search.schemas.ts';
import { paths } from '#client/config/paths.ts';
import { apiStreamLines } from '#client/lib/api-client.ts';
import { isApiError } from '#client/lib/api-error.ts';
import { sharedQueryRoots } from '#client/lib/query-keys.ts';
import { toast } from '#client/lib/toast.ts';
import { searchesKeys } from '../api/searches-api.ts';

export type StreamedOpportunity = Extract<SearchStreamLine, { type: 'opportunity' }>['opportunity'];

export type SearchRunState = {
  isRunning: boolean;
  /** Waiting for a free engine slot: the place in the queue (1 is next); null once a stage came. */
  queuePosition: number | null;
  stage: AnalysisStage | null;
  opportunities: StreamedOpportunity[];
};

const IDLE: SearchRunState = { isRunning: false, queuePosition: null, stage: null, opportunities: [] };

/**
 * The search flow (docs/product/states.md): idle → loading (overlay with the place in the engine's
 * queue while the search waits for a slot, then the real stages) →
 * /search/{id}, or /auth/upgrade when upgradeRequired. Failures are logged and told in a toast.
 * Each streamed line is parsed with the route's line schema; a line it cannot read is skipped.
 */
export function useRunSearch() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SearchRunState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const fail = useCallback((message: string) => {
    console.error(message);
    void toast({ title: 'Search failed', description: message, variant: 'error' });
  }, []);

  const start = useCallback(
    async (path: string, body: unknown, query?: string) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setState({ ...IDLE, isRunning: true });
      let target: string | null = null;
      try {
        for await (const raw of apiStreamLines(path, body, { signal: abort.signal })) {
          const parsed = searchStreamLineSchema.safeParse(raw);
          if (!parsed.success) continue;
          const line = parsed.data;
          if (line.type === 'queued') setState((s) => ({ ...s, queuePosition: line.position }));
          else if (line.type === 'stage') setState((s) => ({ ...s, queuePosition: null, stage: line.stage }));
          else if (line.type === 'opportunity')
            setState((s) => ({ ...s, opportunities: [...s.opportunities, line.opportunity] }));
          else if (line.type === 'error') fail(line.message || 'Search failed');
          else if (line.data.upgradeRequired) target = paths.upgrade.href({ q: query });
          else if (line.data.search?.id) target = paths.search.href(line.data.search.id);
          else fail('Invalid search response');
        }
      } catch (error) {
        if (abort.signal.aborted) {
          void toast({
            title: 'Search cancelled',
            description: 'Nothing was saved and it did not count towards your searches.',
            variant: 'info',
          });
        } else {
          fail(isApiError(error) ? error.message : 'Search failed');
        }
      } finally {
        controller.current = null;
        setState(IDLE);
        void queryClient.invalidateQueries({ queryKey: searchesKeys.all });
        // A search changes this month's usage and what is trending (other features' keys).
        void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.usage });
        void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.trends });
      }
      if (target) void navigate(target);
    },
    [fail, navigate, queryClient],
  );

  const run = useCallback(
    (query: string, filters: SearchFilters) => {
      const trimmed = query.trim();
      if (!trimmed) return;
      void start('/api/search', { query: trimmed, filters }, trimmed);
    },
    [start],
  );

  const rerun = useCallback((searchId: number) => void start(`/api/searches/${searchId}/rerun`, {}), [start]);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, run, rerun, cancel };
}

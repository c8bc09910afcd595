import { queryOptions } from '@tanstack/react-query';
import {
  heatCellDetailSchema,
  heatMapSchema,
  type HeatCellQuery,
  type HeatMapQuery,
} from '#shared/market-trends/market-trends.schemas.ts';
import { getData } from '#client/lib/api-client.ts';

function qs(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

export const marketTrendsKeys = {
  all: ['market-trends'] as const,
  map: (query: HeatMapQuery) => ['market-trends', 'map', query] as const,
  cell: (query: HeatCellQuery) => ['market-trends', 'cell', query] as const,
};

export function heatMapQueryOptions(query: HeatMapQuery) {
  return queryOptions({
    queryKey: marketTrendsKeys.map(query),
    queryFn: () => getData(`/api/market-trends${qs(query)}`, heatMapSchema),
  });
}

export function heatCellQueryOptions(query: HeatCellQuery) {
  return queryOptions({
    queryKey: marketTrendsKeys.cell(query),
    queryFn: () => getData(`/api/market-trends/cell${qs(query)}`, heatCellDetailSchema),
  });
}

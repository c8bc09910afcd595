import { useState } from 'react';
import type { SearchResultDto } from '#shared/searches/search.schemas.ts';
import { ResultCard, categoryLabel } from './result-card.tsx';

export const RESULT_SORTS = {
  rank: 'Rank',
  opportunityScore: 'Opportunity score',
  innovationScore: 'Innovation',
  marketSize: 'Market size',
  feasibility: 'Feasibility',
  confidenceScore: 'Confidence',
} as const;
export type ResultSort = keyof typeof RESULT_SORTS;

/** Sorting and filtering within one analysis's results (client side: at most 8 rows). */
export function sortAndFilterResults(
  results: SearchResultDto[],
  options: { sort: ResultSort; category: string; minScore: number; savedOnly: boolean },
): SearchResultDto[] {
  const { sort, category, minScore, savedOnly } = options;
  return results
    .filter((r) => (category ? r.category === category : true))
    .filter((r) => Math.min(r.innovationScore, r.marketSize, r.feasibility) >= minScore)
    .filter((r) => (savedOnly ? r.isSaved : true))
    .sort((a, b) => (sort === 'rank' ? a.rank - b.rank : b[sort] - a[sort]));
}

const selectClass = 'min-h-11 rounded-md border bg-background px-3';

export function ResultsView({
  results,
  onToggleSaved,
}: {
  results: SearchResultDto[];
  onToggleSaved: (r: SearchResultDto) => void;
}) {
  const [sort, setSort] = useState<ResultSort>('rank');
  const [category, setCategory] = useState('');
  const [minScore, setMinScore] = useState(0);
  const [savedOnly, setSavedOnly] = useState(false);
  const categories = [...new Set(results.map((r) => r.category))];
  const shown = sortAndFilterResults(results, { sort, category, minScore, savedOnly });

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3 text-sm" role="group" aria-label="Sort and filter results">
        <label className="flex items-center gap-2">
          Sort results
          <select className={selectClass} value={sort} onChange={(e) => setSort(e.target.value as ResultSort)}>
            {Object.entries(RESULT_SORTS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          Category
          <select className={selectClass} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          Every score at least
          <input
            type="number"
            min={0}
            max={100}
            step={5}
            value={minScore}
            onChange={(e) => setMinScore(Number(e.target.value) || 0)}
            className={`${selectClass} w-20`}
          />
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            className="size-4"
            checked={savedOnly}
            onChange={(e) => setSavedOnly(e.target.checked)}
          />
          Saved only
        </label>
      </div>
      <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
        Showing {shown.length} of {results.length} opportunities
      </p>
      <div className="mt-3 space-y-4">
        {shown.map((r) => (
          <ResultCard key={r.id} result={r} onToggleSaved={onToggleSaved} />
        ))}
      </div>
    </div>
  );
}

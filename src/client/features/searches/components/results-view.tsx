import { useState } from 'react';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { SearchResultDto } from '#shared/searches/search.schemas.ts';
import { categoryLabel } from '#shared/searches/filter-options.ts';
import { PhoneDisclosure } from '#client/components/ui/phone-disclosure.tsx';
import { countOf } from '#client/lib/format.ts';
import {
  RESULT_SORTS,
  defaultResultSort,
  orderDescription,
  sortAndFilterResults,
  type ResultSort,
} from '../result-sorting.ts';
import { ResultCard } from './result-card.tsx';

const selectClass = 'min-h-11 rounded-md border bg-background px-3';

/** The results of one analysis with sorting and filtering among them; nothing to sort when there are none. */
export function ResultsView({
  results,
  searchOrder,
  onToggleSaved,
}: {
  results: SearchResultDto[];
  /** The order the search ran with (its filters' sortBy and sortOrder). */
  searchOrder: Pick<SearchFilters, 'sortBy' | 'sortOrder'>;
  onToggleSaved: (r: SearchResultDto) => void;
}) {
  const [sort, setSort] = useState<ResultSort>(() => defaultResultSort(searchOrder.sortBy));
  const [category, setCategory] = useState('');
  const [minScore, setMinScore] = useState(0);
  const [savedOnly, setSavedOnly] = useState(false);
  if (results.length === 0) return null;
  const categories = [...new Set(results.map((r) => r.category))];
  const shown = sortAndFilterResults(results, { sort, category, minScore, savedOnly }, searchOrder);

  return (
    <div>
      <PhoneDisclosure label="Sort and filter">
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
          {categories.length > 1 ? (
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
          ) : null}
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
      </PhoneDisclosure>
      <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
        Showing {shown.length} of {countOf(results.length, 'opportunity', 'opportunities')},{' '}
        {orderDescription(sort, searchOrder)}.
      </p>
      <ol className="mt-3 space-y-4" aria-label="Opportunities">
        {shown.map((r, index) => (
          <li key={r.id}>
            <ResultCard result={r} position={index + 1} onToggleSaved={onToggleSaved} />
          </li>
        ))}
      </ol>
    </div>
  );
}

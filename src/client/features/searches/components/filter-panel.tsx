import { useState } from 'react';
import {
  CATEGORY_OPTIONS,
  MARKET_POTENTIAL_LABELS,
  PRESET_IDS,
  PRESET_LABELS,
  SORT_OPTIONS,
  presetFilters,
  type EvidenceWindow,
} from '#shared/searches/filter-options.ts';
import {
  MARKET_POTENTIALS,
  SCORE_MAX,
  SCORE_MIN,
  SCORE_STEP,
  addKeyword,
  defaultFilters,
  isFullRange,
  type SearchFilters,
} from '#shared/searches/filters.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Slider } from '#client/components/ui/slider.tsx';
import { FilterSection } from './filter-section.tsx';

type FilterPanelProps = {
  id: string;
  applied: SearchFilters;
  /** The corpus's most recent evidence window (Trending Now); null until known or when nothing is dated. */
  recentWindow: EvidenceWindow | null;
  onApply: (filters: SearchFilters) => void;
  onClose: () => void;
};

const RANGES = [
  { field: 'innovationScore', label: 'Innovation score' },
  { field: 'marketSize', label: 'Market size' },
  { field: 'feasibilityScore', label: 'Feasibility' },
] as const;

const inputClass = 'min-h-11 rounded-md border bg-background px-3';

/** The advanced filter panel (docs/product/screens.md, data.md, validation.md, constants.md). Edits a draft; Apply pushes it and closes. */
export function FilterPanel({ id, applied, recentWindow, onApply, onClose }: FilterPanelProps) {
  const [draft, setDraft] = useState<SearchFilters>(applied);
  const [keyword, setKeyword] = useState('');
  const update = (change: Partial<SearchFilters>) => setDraft((d) => ({ ...d, ...change }));

  return (
    <div id={id} role="region" aria-label="Filters" className="mt-3 rounded-lg border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Presets">
        {PRESET_IDS.map((preset) => (
          <Button
            key={preset}
            variant="outline"
            size="sm"
            // Trending Now needs the corpus's dates; without them it would filter nothing and say otherwise.
            disabled={preset === 'trending-now' && !recentWindow}
            onClick={() => setDraft(presetFilters(preset, recentWindow))}
          >
            {PRESET_LABELS[preset]}
          </Button>
        ))}
      </div>
      {recentWindow ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Trending Now keeps the newest evidence in the data: companies dated {recentWindow.from} to {recentWindow.to}.
        </p>
      ) : null}

      <div className="mt-3 flex flex-wrap gap-3">
        <label className="flex items-center gap-2 text-sm">
          Sort by
          <select
            className={inputClass}
            value={draft.sortBy}
            onChange={(e) => update({ sortBy: e.target.value as SearchFilters['sortBy'] })}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          Order
          <select
            className={inputClass}
            value={draft.sortOrder}
            onChange={(e) => update({ sortOrder: e.target.value === 'asc' ? 'asc' : 'desc' })}
          >
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </label>
      </div>

      <FilterSection title="Categories" defaultOpen>
        <div className="grid grid-cols-2 gap-1 sm:grid-cols-3">
          {CATEGORY_OPTIONS.map((o) => (
            <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={draft.categories.includes(o.value)}
                onChange={(e) =>
                  update({
                    categories: e.target.checked
                      ? [...draft.categories, o.value]
                      : draft.categories.filter((c) => c !== o.value),
                  })
                }
              />
              {o.label}
            </label>
          ))}
        </div>
      </FilterSection>

      <FilterSection title="Scores" defaultOpen>
        {RANGES.map(({ field, label }) => (
          <div key={field} className="py-1">
            <p className="flex justify-between text-sm">
              <span>{label}</span>
              <span aria-hidden="true">
                {draft[field][0]}–{draft[field][1]}
              </span>
            </p>
            <Slider
              min={SCORE_MIN}
              max={SCORE_MAX}
              step={SCORE_STEP}
              minStepsBetweenThumbs={0}
              value={draft[field]}
              onValueChange={(v) => update({ [field]: [v[0] ?? SCORE_MIN, v[1] ?? SCORE_MAX] })}
              thumbLabels={[`${label} minimum`, `${label} maximum`]}
            />
            {field === 'marketSize' && !isFullRange(draft.marketSize) ? (
              <p className="mt-1 text-xs text-muted-foreground">
                A narrowed range leaves out markets that are not sized (no public count of who buys).
              </p>
            ) : null}
          </div>
        ))}
        <label className="mt-2 flex items-center gap-2 text-sm">
          Market potential
          <select
            className={inputClass}
            value={draft.marketPotential ?? ''}
            onChange={(e) => update({ marketPotential: MARKET_POTENTIALS.find((p) => p === e.target.value) ?? null })}
          >
            <option value="">Any</option>
            {MARKET_POTENTIALS.map((p) => (
              <option key={p} value={p}>
                {MARKET_POTENTIAL_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
      </FilterSection>

      <FilterSection title="Date range" defaultOpen={false}>
        <div className="flex flex-wrap gap-3">
          <label className="flex items-center gap-2 text-sm">
            From
            <input
              type="date"
              className={inputClass}
              value={draft.dateRange.from ?? ''}
              onChange={(e) => update({ dateRange: { ...draft.dateRange, from: e.target.value || null } })}
            />
          </label>
          <label className="flex items-center gap-2 text-sm">
            To
            <input
              type="date"
              className={inputClass}
              value={draft.dateRange.to ?? ''}
              onChange={(e) => update({ dateRange: { ...draft.dateRange, to: e.target.value || null } })}
            />
          </label>
        </div>
      </FilterSection>

      <FilterSection title="Keywords" defaultOpen={false}>
        <label className="flex flex-col gap-1 text-sm">
          Add a keyword (press Enter)
          <input
            className={inputClass}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              update({ keywords: addKeyword(draft.keywords, keyword) });
              setKeyword('');
            }}
          />
        </label>
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Keywords">
          {draft.keywords.map((k) => (
            <li key={k}>
              <button
                type="button"
                className="min-h-11 rounded-full border bg-accent px-3 text-sm text-accent-foreground"
                onClick={() => update({ keywords: draft.keywords.filter((x) => x !== k) })}
              >
                {k} <span className="sr-only">(remove)</span>×
              </button>
            </li>
          ))}
        </ul>
      </FilterSection>

      <div className="mt-3 flex justify-end gap-2 border-t pt-3">
        <Button
          variant="outline"
          onClick={() => {
            setDraft(defaultFilters());
            onApply(defaultFilters());
          }}
        >
          Reset
        </Button>
        <Button
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          Apply
        </Button>
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import {
  DIFFICULTY_LABELS,
  DIFFICULTY_LEVELS,
  IDEA_TYPE_LABELS,
  IDEA_TYPES,
  PHASE_LABELS,
  RESOURCE_PHASES,
  RESOURCE_SORTS,
  RESOURCE_TYPE_LABELS,
  RESOURCE_TYPES,
  SORT_LABELS,
} from '#shared/resources/resources.schemas.ts';
import { categoriesQueryOptions } from '../api/resources-api.ts';

export type LibraryFilters = {
  category: string;
  type: string;
  phase: string;
  ideaType: string;
  difficulty: string;
  maxMinutes: string;
  sort: string;
};

const selectClass = 'min-h-11 w-full rounded-md border bg-background px-3 py-2 text-base';

function Choice({
  id,
  label,
  value,
  onChange,
  options,
  anyLabel,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  anyLabel?: string;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const TIME_OPTIONS = [
  { value: '15', label: '15 minutes or less' },
  { value: '30', label: '30 minutes or less' },
  { value: '60', label: '1 hour or less' },
  { value: '180', label: '3 hours or less' },
];

/** Category, type, phase, idea type, difficulty, time and sort: each change applies at once. */
export function ResourceFilters({
  filters,
  onChange,
}: {
  filters: LibraryFilters;
  onChange: (patch: Partial<LibraryFilters>) => void;
}) {
  const categories = useQuery(categoriesQueryOptions()).data?.categories ?? [];
  const parents = categories.filter((c) => c.parentId === null);
  const categoryOptions = parents.flatMap((p) => [
    { value: p.slug, label: p.name },
    ...categories.filter((c) => c.parentId === p.id).map((c) => ({ value: c.slug, label: `— ${c.name}` })),
  ]);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Choice
        id="filter-category"
        label="Category"
        value={filters.category}
        onChange={(category) => onChange({ category })}
        options={categoryOptions}
        anyLabel="All categories"
      />
      <Choice
        id="filter-type"
        label="Type"
        value={filters.type}
        onChange={(type) => onChange({ type })}
        options={RESOURCE_TYPES.map((v) => ({ value: v, label: RESOURCE_TYPE_LABELS[v] }))}
        anyLabel="Any type"
      />
      <Choice
        id="filter-phase"
        label="Phase"
        value={filters.phase}
        onChange={(phase) => onChange({ phase })}
        options={RESOURCE_PHASES.map((v) => ({ value: v, label: PHASE_LABELS[v] }))}
        anyLabel="Any phase"
      />
      <Choice
        id="filter-idea-type"
        label="Idea type"
        value={filters.ideaType}
        onChange={(ideaType) => onChange({ ideaType })}
        options={IDEA_TYPES.map((v) => ({ value: v, label: IDEA_TYPE_LABELS[v] }))}
        anyLabel="Any idea type"
      />
      <Choice
        id="filter-difficulty"
        label="Difficulty"
        value={filters.difficulty}
        onChange={(difficulty) => onChange({ difficulty })}
        options={DIFFICULTY_LEVELS.map((v) => ({ value: v, label: DIFFICULTY_LABELS[v] }))}
        anyLabel="Any difficulty"
      />
      <Choice
        id="filter-time"
        label="Time"
        value={filters.maxMinutes}
        onChange={(maxMinutes) => onChange({ maxMinutes })}
        options={TIME_OPTIONS}
        anyLabel="Any length"
      />
      <Choice
        id="filter-sort"
        label="Sort by"
        value={filters.sort}
        onChange={(sort) => onChange({ sort })}
        options={RESOURCE_SORTS.map((v) => ({ value: v, label: SORT_LABELS[v] }))}
      />
    </div>
  );
}

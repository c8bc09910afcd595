import { Info } from 'lucide-react';
import type { TrendingDto } from '#shared/trends/trends.schemas.ts';

/**
 * Home's note on the data a search runs on (issue 13): on the built-in seed corpus, a new user learns before
 * searching that it is a small labelled sample where most markets find nothing, not the full datasets.
 */
export function CorpusNotice({ corpus }: { corpus: TrendingDto['corpus'] | undefined }) {
  if (corpus?.kind !== 'seed') return null;
  return (
    <aside
      aria-label="About the data"
      className="flex gap-2 rounded-lg border bg-accent p-3 text-sm text-accent-foreground"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        This server searches the <strong>built-in sample</strong>: a few dozen hand-labelled companies and occupations
        that ship with Unbuilt, not the full public datasets. Most markets find nothing in it, so an empty answer says
        little about the real market; whoever runs this server can load the full datasets.
      </p>
    </aside>
  );
}

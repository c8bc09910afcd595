import type { Competitor, Opportunity } from '#shared/engine/analysis.schemas.ts';

function orderNote(kind: Opportunity['cell']['kind'], competitors: Competitor[]): string {
  if (kind === 'job') return 'Closest to this job first.';
  if (kind === 'core' && competitors.some((c) => c.teamSize !== undefined))
    return 'Closest to your query first; of two about as close, the larger team first.';
  return 'Closest to your query first.';
}

/**
 * Competitors with status and team size; names the corpus cannot confirm carry a visible 'Unverified'
 * mark, and a line says how the engine ordered them: the core opportunity's by closeness and standing
 * (ADR 054), a job's by how well they do that job, others by closeness.
 */
export function CompetitorsList({
  competitors,
  kind,
}: {
  competitors: Competitor[];
  kind?: Opportunity['cell']['kind'];
}) {
  if (competitors.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No company in the directory passed the relevance bar for this opportunity (the whole directory was searched).
      </p>
    );
  return (
    <>
      {competitors.length > 1 ? <p className="text-xs text-muted-foreground">{orderNote(kind, competitors)}</p> : null}
      <ul className="space-y-1 text-sm">
        {competitors.map((c) => (
          <li key={`${c.source}-${c.name}`} className="flex flex-wrap items-center gap-2">
            {c.url ? (
              <a
                href={c.url}
                target="_blank"
                rel="noreferrer noopener"
                className="control min-h-11 items-center font-medium underline"
              >
                {c.name}
                <span className="sr-only"> (company website, opens in a new tab)</span>
              </a>
            ) : (
              <span className="font-medium">{c.name}</span>
            )}
            {c.status ? <span className="rounded border px-1.5 text-xs">{c.status}</span> : null}
            {c.batch ? <span className="text-xs text-muted-foreground">{c.batch}</span> : null}
            {c.teamSize ? (
              <span className="text-xs text-muted-foreground">
                {c.teamSize.toLocaleString('en-US')} {c.teamSize === 1 ? 'person' : 'people'}
              </span>
            ) : null}
            {c.verified ? null : (
              <span
                className="rounded bg-destructive/15 px-1.5 text-xs text-destructive"
                title="Named by the AI writer; not found in the corpus"
              >
                Unverified
              </span>
            )}
            {c.oneLiner ? <span className="w-full text-muted-foreground">{c.oneLiner}</span> : null}
            {c.match ? (
              <span className="w-full text-xs text-muted-foreground">
                Why it matched{c.match.by === 'meaning' ? ' (by meaning)' : ''}: “{c.match.sentence}”
                {c.match.words.length > 0 ? ` — shares ${c.match.words.map((w) => `“${w}”`).join(', ')}` : ''}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

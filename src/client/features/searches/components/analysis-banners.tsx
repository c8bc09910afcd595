import { AlertTriangle, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SearchAnalysisMeta } from '#shared/searches/search.schemas.ts';
import { isOperatorNote } from '../provenance.ts';

function Banner({ tone, title, children }: { tone: 'info' | 'warning'; title: string; children: ReactNode }) {
  const Icon = tone === 'warning' ? AlertTriangle : Info;
  return (
    <div
      role="note"
      aria-label={title}
      className={
        tone === 'warning'
          ? 'rounded-lg border border-destructive bg-destructive/10 p-3'
          : 'rounded-lg border bg-accent p-3 text-accent-foreground'
      }
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-4" />
        {title}
      </p>
      <div className="mt-1 text-sm">{children}</div>
    </div>
  );
}

/**
 * Honest labels: where the evidence came from and who wrote the text (ARCHITECTURE: nothing canned passes as
 * real), in words for a reader; versions and notes for the server's operator are under "How this was computed".
 */
export function AnalysisBanners({ analysis, resultCount }: { analysis: SearchAnalysisMeta; resultCount: number }) {
  return (
    <div className="space-y-2">
      {analysis.status === 'insufficient_data' ? (
        <Banner tone="warning" title="Not enough data for a confident answer">
          {analysis.reason ?? 'The data holds too little evidence about this market.'}
          {resultCount > 0 ? ' Scores below carry low confidence.' : ''}
        </Banner>
      ) : null}
      {analysis.corpusKind === 'seed' ? (
        <Banner tone="info" title="Sample data">
          This analysis ran on the small sample built into Unbuilt, not the full public datasets: treat it as a
          demonstration. Finding little here says little about the real market.
        </Banner>
      ) : null}
      {analysis.composerMode === 'offline_fallback' ? (
        <Banner tone="warning" title="Written offline after an AI failure">
          The AI writer was unavailable{analysis.composerError ? ` (${analysis.composerError})` : ''}, so the text was
          composed offline from the same evidence. The numbers are unaffected.
        </Banner>
      ) : null}
      {analysis.warnings
        .filter((w) => !isOperatorNote(w))
        .map((w) => (
          <Banner key={w} tone="info" title="Note">
            {w}
          </Banner>
        ))}
    </div>
  );
}

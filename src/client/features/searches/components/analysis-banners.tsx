import { AlertTriangle, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SearchAnalysisMeta } from '#shared/searches/search.schemas.ts';

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

/** Honest labels: where the evidence came from and who wrote the text (ARCHITECTURE: nothing canned passes as real). */
export function AnalysisBanners({ analysis }: { analysis: SearchAnalysisMeta }) {
  return (
    <div className="space-y-2">
      {analysis.status === 'insufficient_data' ? (
        <Banner tone="warning" title="Not enough data for a confident answer">
          {analysis.reason ?? 'The corpus holds too little evidence about this market.'} Scores below carry low
          confidence.
        </Banner>
      ) : null}
      {analysis.corpusKind === 'seed' ? (
        <Banner tone="info" title="Seed corpus">
          This analysis used the small sample corpus bundled with Unbuilt (version {analysis.corpusVersion}), not the
          full public datasets. Treat it as a demonstration.
        </Banner>
      ) : null}
      {analysis.composerMode === 'offline_fallback' ? (
        <Banner tone="warning" title="Written offline after an AI failure">
          The AI writer was unavailable{analysis.composerError ? ` (${analysis.composerError})` : ''}, so the text was
          composed offline from the same evidence. The numbers are unaffected.
        </Banner>
      ) : null}
      {analysis.warnings.map((w) => (
        <Banner key={w} tone="info" title="Note">
          {w}
        </Banner>
      ))}
    </div>
  );
}

import type { Opportunity } from '#shared/engine/analysis.schemas.ts';
import { CompetitorsList } from './competitors-list.tsx';
import { CustomerIndustry, DemandList, IncumbentSoftware } from './demand-evidence.tsx';
import { EvidenceList } from './evidence-list.tsx';
import { ScoreBreakdown } from './score-breakdown.tsx';
import { SCORE_BREAKDOWNS_ANCHOR } from '#client/lib/evidence-anchor.ts';

const BREAKDOWNS = [
  ['opportunityScore', 'Opportunity score'],
  ['innovationScore', 'Innovation score'],
  ['marketSize', 'Market size'],
  ['feasibility', 'Feasibility'],
  ['marketPotential', 'Market potential'],
  ['confidenceScore', 'Confidence'],
  ['priority', 'Priority'],
] as const;

function TextBlock({ title, text }: { title: string; text: string }) {
  return (
    <section>
      <h4 className="font-semibold">{title}</h4>
      <p className="text-sm whitespace-pre-line">{text}</p>
    </section>
  );
}

function ListBlock({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section>
      <h4 className="font-semibold">{title}</h4>
      <ul className="list-disc pl-5 text-sm">
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Every field of a stored opportunity, with breakdowns, evidence and competitors. `anchored`: the evidence
 * rows and breakdowns carry ids, so citations can link to them (the opportunity's own page only).
 */
export function OpportunityDetails({ result, anchored = false }: { result: Opportunity; anchored?: boolean }) {
  return (
    <div className="space-y-4">
      <TextBlock title="Why this gap exists" text={result.gapReason} />
      <TextBlock title="Target audience" text={result.targetAudience} />
      <TextBlock title="Industry context" text={result.industryContext} />
      <TextBlock title="Competitor analysis" text={result.competitorAnalysis} />
      <section>
        <h4 className="font-semibold">Competitors</h4>
        <CompetitorsList competitors={result.competitors} kind={result.cell.kind} />
      </section>
      <IncumbentSoftware evidence={result.evidence} />
      <section>
        <h4 className="font-semibold">Demand</h4>
        <DemandList evidence={result.evidence} />
      </section>
      <CustomerIndustry evidence={result.evidence} />
      <ListBlock title="Actionable recommendations" items={result.actionableRecommendations} />
      <ListBlock title="Key trends" items={result.keyTrends} />
      <ListBlock title="Risk flags" items={result.riskFlags} />
      <section
        id={anchored ? SCORE_BREAKDOWNS_ANCHOR : undefined}
        tabIndex={anchored ? -1 : undefined}
        className="scroll-mt-20 focus:ring-2 focus:ring-primary focus:outline-none"
      >
        <h4 className="font-semibold">Score breakdowns</h4>
        <p className="text-xs text-muted-foreground">
          Scored as {result.cell.offering} for {result.cell.segment} · matches your search{' '}
          {Math.round(result.relevance * 100)}%
          {result.latestEvidenceDate ? ` · newest evidence ${result.latestEvidenceDate}` : ''}
        </p>
        <div className="mt-2 space-y-2">
          {BREAKDOWNS.map(([key, label]) => (
            <ScoreBreakdown key={key} label={label} breakdown={result.breakdown[key]} evidence={result.evidence} />
          ))}
        </div>
      </section>
      <section>
        <h4 className="font-semibold">All evidence ({result.evidence.length})</h4>
        <EvidenceList evidence={result.evidence} anchored={anchored} />
      </section>
    </div>
  );
}

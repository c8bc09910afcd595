import { SOURCE_ATTRIBUTION, type Evidence } from '#shared/engine/analysis.schemas.ts';
import {
  CUSTOMER_ESTABLISHMENTS_ID,
  CUSTOMER_INDUSTRY_ID,
  CUSTOMER_STAFF_PREFIX,
  type ReportCustomers,
} from '#shared/market-research/market-research.schemas.ts';
import { evidenceValueText } from '#shared/searches/evidence-title.ts';

// Who the customers are (issue 28 point 9): the customer industry the analysis names, with its
// establishments and staff. Every figure is an evidence item's own value, printed as it is and cited
// to a numbered source note below it; nothing is computed here.

const noteId = (reportId: number, n: number) => `report-${reportId}-customers-source-${n}`;

function Cite({ reportId, n }: { reportId: number; n: number }) {
  return (
    <a
      href={`#${noteId(reportId, n)}`}
      aria-label={`source ${n}`}
      // A tap target of 24 px on a phone (issue 29: evidence links were 14 px tall), raised like a footnote mark.
      className="ml-0.5 inline-block min-h-6 min-w-6 px-1 text-center align-super text-xs leading-6 underline"
    >
      [{n}]
    </a>
  );
}

export function ReportCustomersSection({
  reportId,
  customers,
}: {
  reportId: number;
  customers: ReportCustomers | null;
}) {
  if (!customers)
    return <p className="text-sm">This report was saved before customers were recorded; run it again to see them.</p>;
  const industry = customers.evidence.find((e) => e.id === CUSTOMER_INDUSTRY_ID);
  if (!industry) return <p className="text-sm">{customers.noIndustryNote}</p>;
  const establishments = customers.evidence.find(
    (e) => e.id === CUSTOMER_ESTABLISHMENTS_ID && typeof e.value === 'number',
  );
  const staff = customers.evidence.filter((e) => e.id.startsWith(CUSTOMER_STAFF_PREFIX) && typeof e.value === 'number');
  const cited = [industry, ...(establishments ? [establishments] : []), ...staff];
  const n = (e: Evidence) => cited.indexOf(e) + 1;
  return (
    <div className="space-y-2 text-sm">
      <dl className="space-y-2">
        <div>
          <dt className="text-muted-foreground">Who the customers are</dt>
          <dd>
            {String(industry.value)} (NAICS {industry.ref})
            <Cite reportId={reportId} n={n(industry)} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">How many (U.S. establishments, Census, 2021)</dt>
          <dd>
            {establishments ? (
              <>
                {evidenceValueText(establishments)} establishments
                <Cite reportId={reportId} n={n(establishments)} />
              </>
            ) : (
              'The Census figures hold no count for this industry, so none is given.'
            )}
          </dd>
        </div>
        {staff.length > 0 ? (
          <div>
            <dt className="text-muted-foreground">Who they employ (share of the industry&apos;s employees)</dt>
            <dd>
              <ul className="list-disc pl-5">
                {staff.map((s) => (
                  <li key={s.id}>
                    {s.note.split(': ')[0]}: {evidenceValueText(s)}
                    <Cite reportId={reportId} n={n(s)} />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      {customers.opportunityTitle ? (
        <p className="text-muted-foreground">As the analysis cites them for “{customers.opportunityTitle}”.</p>
      ) : null}
      <h3 className="font-medium">Sources</h3>
      <ol className="list-decimal pl-5 text-xs text-muted-foreground">
        {cited.map((e, i) => (
          <li key={e.id} id={noteId(reportId, i + 1)}>
            {e.note} ({SOURCE_ATTRIBUTION[e.source].label})
          </li>
        ))}
      </ol>
    </div>
  );
}

import type { MarketReportDto } from '#shared/market-research/market-research.schemas.ts';
import { categoryLabel } from '#shared/searches/filter-options.ts';
import { orderOpportunities } from '#shared/searches/opportunity-order.ts';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { formatDate } from '#client/lib/format.ts';
import { formatScoreOutOf } from '#shared/app/score-format.ts';
import { CUSTOMER_INDUSTRY_ID } from '#shared/market-research/market-research.schemas.ts';
import { ReportCustomersSection } from './report-customers.tsx';

const thousands = (x: number) => `${(x * 1000).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="break-inside-avoid rounded-lg border p-4 print:border-0 print:p-0">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const EXAMPLES = ['scheduling for dental practices', 'invoicing for plumbers'];

/**
 * Why a report found too little to count as a search, saying exactly what the data held: industry codes
 * can match a market's words while no occupation, company or opportunity does.
 */
function EmptyReportNote({ report: r }: { report: MarketReportDto }) {
  const directory = r.corpus.kind === 'seed' ? 'seed sample' : 'directory';
  const industries = r.profile.industries.length;
  const example = EXAMPLES.find((e) => e !== r.market.trim().toLowerCase())!;
  return (
    <p role="status" className="rounded-lg border bg-accent p-4 text-accent-foreground">
      {industries === 0
        ? `The data has nothing on this market: no occupation matched it, no company in the ${directory} competes in it, and the engine found no opportunity.`
        : `The data has little on this market: only ${industries === 1 ? 'the industry code below shares' : `the ${industries} industry codes below share`} its words; no occupation matched it, no company in the ${directory} competes in it, and the engine found no opportunity.`}{' '}
      That says little about the real market. Try naming the customer or the work (for example “{example}”). This report
      used no search.
    </p>
  );
}

/** One saved report, printable: controls hide in print, sections avoid page breaks inside. */
export function MarketReportView({ report: r }: { report: MarketReportDto }) {
  const p = r.profile;
  const industry = r.customers?.evidence.find((e) => e.id === CUSTOMER_INDUSTRY_ID);
  const survival = p.startups.companies > 0 ? Math.round((p.startups.survivors / p.startups.companies) * 100) : null;
  return (
    <article aria-labelledby="report-title" className="space-y-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="report-title" className="text-xl font-bold">
            Market research: {r.market}
          </h2>
          <p className="text-sm text-muted-foreground">
            {formatDate(r.createdAt, 'long')} · corpus <code>{r.corpus.version}</code>
            {r.countedAsSearch ? ' · used one search' : ' · used no search'}
          </p>
          {r.source ? (
            <p className="text-sm">
              From your analysis{' '}
              <Link className="underline" to={paths.search.href(r.source.searchId)}>
                {r.source.query}
              </Link>
            </p>
          ) : null}
        </div>
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          Print or save as PDF
        </Button>
      </header>

      {r.status === 'empty' ? <EmptyReportNote report={r} /> : null}

      <Section id="report-definition" title="Definition">
        <p>
          Read as: <strong>{p.query.offering}</strong>
          {p.query.segment ? (
            <>
              {' '}
              for <strong>{p.query.segment}</strong>
            </>
          ) : null}
          .{' '}
          {industry ? (
            <>
              Its customers are {String(industry.value)} (NAICS {industry.ref}), as the analysis names them (see
              Customers).
            </>
          ) : null}
        </p>
        {p.query.words.length > 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            Words searched: {p.query.words.map((w) => `${w.word} (${w.facet})`).join(', ')}.
          </p>
        ) : null}
      </Section>

      <Section id="report-customers" title="Customers">
        <ReportCustomersSection reportId={r.id} customers={r.customers} />
      </Section>

      <Section id="report-industries" title="Industries (NAICS)">
        {p.industries.length === 0 ? (
          <p className="text-sm">No NAICS industry matched the market&apos;s words.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {p.industries.map((i) => (
              <li key={i.code}>
                <strong>
                  {i.code} {i.title}
                </strong>
                {i.description ? ` — ${i.description}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="report-occupations" title="Occupations: customers and workers">
        {p.occupations.length === 0 ? (
          <p className="text-sm">No occupation in O*NET matched this market closely enough to cite.</p>
        ) : (
          <div className="space-y-4">
            {p.occupations.map((o) => (
              <div key={o.soc} className="break-inside-avoid">
                <h3 className="font-semibold">
                  {o.title}{' '}
                  <span className="text-sm font-normal text-muted-foreground">
                    ({o.soc}, {o.role})
                  </span>
                </h3>
                <dl className="mt-1 grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-muted-foreground">Employment 2023</dt>
                    <dd>{thousands(o.employment2023)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Growth 2023–2033</dt>
                    <dd>
                      {o.percentChange > 0 ? '+' : ''}
                      {o.percentChange}%
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Median wage</dt>
                    <dd>{o.medianWage === null ? 'not published' : `$${o.medianWage.toLocaleString('en-US')}`}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Openings a year</dt>
                    <dd>{thousands(o.annualOpenings)}</dd>
                  </div>
                </dl>
                <h4 className="mt-2 text-sm font-medium">Jobs they do (O*NET tasks)</h4>
                <ul className="list-disc pl-5 text-sm">
                  {o.tasks.map((task) => (
                    <li key={task}>{task}</li>
                  ))}
                </ul>
                <h4 className="mt-2 text-sm font-medium">Software already used (O*NET technology skills)</h4>
                {o.software.length === 0 ? (
                  <p className="text-sm">O*NET lists no specific software for this occupation.</p>
                ) : (
                  <ul className="flex flex-wrap gap-2 text-sm" aria-label={`Software used by ${o.title}`}>
                    {o.software.map((s) => (
                      <li key={s.product} className="rounded-full border px-3 py-1">
                        {s.product}
                        {s.isHot ? ' · Hot Technology' : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </div>
        )}
      </Section>

      <Section id="report-startups" title="Startups over time">
        {p.startups.companies === 0 ? (
          <p className="text-sm">
            No company in the {r.corpus.kind === 'seed' ? 'seed sample' : 'YC directory'} competes in this market.
          </p>
        ) : (
          <>
            <p className="text-sm">
              {p.startups.companies} companies; {p.startups.survivors} still active, acquired or public
              {survival === null ? '' : ` (${survival}%)`}; {p.startups.inactive} inactive.
              {p.startups.failureTags.length > 0
                ? ` The inactive ones most often share: ${p.startups.failureTags.map((t) => `${t.tag} (${t.companies})`).join(', ')}.`
                : ''}
            </p>
            <table className="mt-2 text-left text-sm tabular-nums">
              <caption className="sr-only">Companies entering per year</caption>
              <thead>
                <tr>
                  <th scope="col" className="p-1">
                    Year
                  </th>
                  <th scope="col" className="p-1">
                    Entered
                  </th>
                  <th scope="col" className="p-1">
                    Still going
                  </th>
                  <th scope="col" className="p-1">
                    Inactive
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.startups.byYear.map((y) => (
                  <tr key={y.year} className="border-t">
                    <th scope="row" className="p-1 font-normal">
                      {y.year}
                    </th>
                    <td className="p-1">{y.entries}</td>
                    <td className="p-1">{y.survivors}</td>
                    <td className="p-1">{y.inactive}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h3 className="mt-3 text-sm font-medium">Examples</h3>
            <ul className="text-sm">
              {p.startups.examples.map((c) => (
                <li key={c.name}>
                  <strong>{c.name}</strong> ({c.batch}, {c.status}): {c.oneLiner}
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>

      <Section id="report-opportunities" title="Open opportunities">
        {r.opportunities.length === 0 ? (
          <p className="text-sm">{r.opportunitiesNote}</p>
        ) : (
          <ol className="space-y-2 text-sm">
            {orderOpportunities(r.opportunities, { sortBy: 'relevance' }).map((o, index) => (
              <li key={o.rank}>
                <strong>
                  #{index + 1} {o.title}
                </strong>{' '}
                · {categoryLabel(o.category)} · opportunity score {formatScoreOutOf(o.opportunityScore)} ·{' '}
                {o.competitors} competitors
                <p>{o.description}</p>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section id="report-caveats" title="Caveats">
        <ul className="list-disc pl-5 text-sm">
          {r.caveats.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </Section>
    </article>
  );
}

import { SOURCE_ATTRIBUTION, type Evidence } from '#shared/engine/analysis.schemas.ts';
import { evidenceValueText } from '#shared/searches/evidence-title.ts';
import { ownValue } from '#shared/app/own-value.ts';

// What the engine cites as demand (occupations with their role and BLS figures) and the software
// O*NET says this work already runs on: incumbents beyond the startup directory.

const ROLE_LABEL: Record<string, string> = { customer: 'Customers', worker: 'People doing this work' };

export function DemandList({ evidence }: { evidence: Evidence[] }) {
  const roles = evidence.filter((e) => e.id.endsWith(':role'));
  if (roles.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No occupation fits this opportunity closely enough, so its demand is not sized.
      </p>
    );
  return (
    <ul className="space-y-1 text-sm">
      {roles.map((r) => {
        const employment = evidence.find((e) => e.id.endsWith(':employment') && r.ref.startsWith(e.ref));
        return (
          <li key={r.id}>
            <span className="font-medium">{ownValue(ROLE_LABEL, String(r.value)) ?? 'Occupation'}:</span>{' '}
            {r.note.split(': ').slice(1).join(': ')}
            {employment ? <span className="block text-muted-foreground">{employment.note} (BLS)</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function IncumbentSoftware({ evidence }: { evidence: Evidence[] }) {
  const tools = evidence.filter((e) => e.id.includes(':tech:'));
  if (tools.length === 0) return null;
  return (
    <section>
      <h4 className="font-semibold">Software already used in this work (O*NET)</h4>
      <p className="text-xs text-muted-foreground">
        Established products the startup directory does not list; they count as supply.
      </p>
      <ul className="list-disc pl-5 text-sm">
        {tools.map((t) => (
          <li key={t.id}>
            {String(t.value)} <span className="text-muted-foreground">— {t.note.replace(/^.*?\(O\*NET\): /, '')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Who the customers are as a trade (issue 28, docs/decisions/036): their industry, how many establishments it
 * has and whom it employs, from the BLS staffing matrix and Census County Business Patterns.
 */
export function CustomerIndustry({ evidence }: { evidence: Evidence[] }) {
  const industry = evidence.find((e) => e.id === 'industry:customer');
  if (!industry) return null;
  const establishments = evidence.find((e) => e.id === 'industry:establishments');
  const staff = evidence.filter((e) => e.id.startsWith('industry:staff:'));
  const sources = [...new Set([industry, ...(establishments ? [establishments] : []), ...staff].map((e) => e.source))];
  return (
    <section>
      <h4 className="font-semibold">Customers&apos; industry</h4>
      <dl className="space-y-1 text-sm">
        <div>
          <dt className="inline font-medium">Industry:</dt>{' '}
          <dd className="inline">{industry.note.replace(/^Customers' industry: /, '')}</dd>
        </div>
        {establishments ? (
          <div>
            <dt className="inline font-medium">Size:</dt>{' '}
            <dd className="inline">{establishments.note.split(': ').slice(1).join(': ')}</dd>
          </div>
        ) : null}
        {staff.length > 0 ? (
          <div>
            <dt className="font-medium">Staffed mostly by:</dt>
            <dd>
              <ul className="list-disc pl-5">
                {staff.map((s) => (
                  <li key={s.id}>
                    {s.note.split(': ')[0]} — {evidenceValueText(s)} of employees
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-1 text-xs text-muted-foreground">
        Sources: {sources.map((s) => SOURCE_ATTRIBUTION[s].label).join('; ')}
      </p>
    </section>
  );
}

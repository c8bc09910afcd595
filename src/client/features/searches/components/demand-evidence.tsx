import type { Evidence } from '#shared/engine/analysis.schemas.ts';
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

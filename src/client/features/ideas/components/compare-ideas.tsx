import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IDEA_STATUS_LABELS } from '#shared/ideas/idea-labels.ts';
import { SCORE_KEYS, SCORE_LABELS, type IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { ideaQueryOptions } from '../api/ideas-api.ts';
import { errorMessage, formatMoney, formatPercent } from '../idea-format.ts';

// Two ideas side by side: the five scores, projections and market size.

function score(idea: IdeaDto, key: (typeof SCORE_KEYS)[number]): string {
  const s = idea.validation?.scores.find((x) => x.key === key);
  return s ? String(s.score ?? 'insufficient data') : 'not validated';
}

function base(idea: IdeaDto) {
  return idea.financialProjections?.scenarios.find((s) => s.key === 'base') ?? null;
}

const ROWS: { label: string; value: (i: IdeaDto) => string }[] = [
  ...SCORE_KEYS.map((key) => ({ label: SCORE_LABELS[key], value: (i: IdeaDto) => score(i, key) })),
  { label: 'Status', value: (i) => IDEA_STATUS_LABELS[i.status] },
  { label: 'Break-even (base)', value: (i) => base(i)?.breakEven.label ?? 'no projections' },
  {
    label: 'ROI at 36 months (base)',
    value: (i) => {
      const r = base(i)?.roi.find((x) => x.month === 36)?.percent;
      return r === null || r === undefined ? '—' : formatPercent(r);
    },
  },
  { label: 'TAM', value: (i) => (i.marketSize?.tam == null ? '—' : formatMoney(i.marketSize.tam)) },
  { label: 'SOM', value: (i) => (i.marketSize?.som == null ? '—' : formatMoney(i.marketSize.som)) },
];

export function CompareIdeas(props: { ids: [number, number] }) {
  const [a, b] = useQueries({ queries: props.ids.map((id) => ideaQueryOptions(id)) });
  if (a?.isPending || b?.isPending) return <Spinner className="py-8" label="Loading the two ideas" />;
  const failed = a?.error ?? b?.error;
  if (failed || !a?.data || !b?.data) return <p role="alert">{errorMessage(failed)}</p>;
  const pair = [a.data, b.data];
  return (
    <section aria-labelledby="compare-heading" className="grid gap-3">
      <p className="text-sm">
        <Link to={paths.validateIdea.href()} className={textLinkClass}>
          ← All ideas
        </Link>
      </p>
      <h1 id="compare-heading" className="text-2xl font-bold">
        Compare two ideas
      </h1>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Two ideas side by side</caption>
          <thead>
            <tr>
              <td />
              {pair.map((i) => (
                <th key={i.id} scope="col" className="p-2 text-left align-bottom">
                  <Link to={paths.validateIdea.href({ idea: i.id })} className={textLinkClass}>
                    {i.title}
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label} className="border-t">
                <th scope="row" className="p-2 text-left font-normal">
                  {row.label}
                </th>
                {pair.map((i) => (
                  <td key={i.id} className="p-2">
                    {row.value(i)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

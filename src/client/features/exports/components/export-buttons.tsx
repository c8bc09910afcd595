import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DECK_TEMPLATES, DECK_TEMPLATE_LABELS, type DeckTemplateId } from '#shared/exports/deck.schemas.ts';
import { Download } from 'lucide-react';
import type { PlanId } from '#shared/plans/plans.constants.ts';
import { isPaidPlan } from '#shared/plans/plans.constants.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { toast } from '#client/lib/toast.ts';
import { exportPaths, exportUsageQueryOptions, useDownloadExport } from '../api/exports-api.ts';

export type ExportUpgradeReason = 'export-limit' | 'premium-feature';

type ExportButtonsProps = {
  /** The analysis to export; omitted for the history export. */
  searchId?: number;
  plan: PlanId;
  /** Asked when the plan or the monthly allowance stops an export (the page shows the upgrade prompt). */
  onUpgradeNeeded: (reason: ExportUpgradeReason) => void;
};

/** Download buttons: PDF report and analysis bundle (every plan), CSV (Pro); a free user sees the exports left this month. */
export function ExportButtons({ searchId, plan, onUpgradeNeeded }: ExportButtonsProps) {
  const download = useDownloadExport();
  const usage = useQuery(exportUsageQueryOptions());
  const isPaid = isPaidPlan(plan);

  const run = (path: string) =>
    download.mutate(path, {
      onSuccess: (fileName) => void toast({ title: 'Download ready', description: fileName, variant: 'success' }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'QUOTA_EXCEEDED') {
          onUpgradeNeeded('export-limit');
          void toast({ title: 'Export limit reached', description: error.message, variant: 'warning' });
        } else if (error instanceof ApiError && error.code === 'PLAN_REQUIRED') onUpgradeNeeded('premium-feature');
        else void toast({ title: 'The export failed', description: error.message, variant: 'error' });
      },
    });
  const csv = () =>
    isPaid
      ? run(searchId === undefined ? exportPaths.historyCsv() : exportPaths.csv(searchId))
      : onUpgradeNeeded('premium-feature');
  const [template, setTemplate] = useState<DeckTemplateId>('classic');
  const templateId = useId();
  const deck = (id: number) => (isPaid ? run(exportPaths.deck(id, template)) : onUpgradeNeeded('premium-feature'));
  const left = usage.data && usage.data.limit !== null ? Math.max(usage.data.limit - usage.data.used, 0) : null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      {searchId === undefined ? null : (
        <Button variant="outline" disabled={download.isPending} onClick={() => run(exportPaths.pdf(searchId))}>
          <Download aria-hidden="true" />
          Download PDF
        </Button>
      )}
      {searchId === undefined ? null : (
        <Button
          variant="outline"
          disabled={download.isPending}
          onClick={() => run(exportPaths.bundle(searchId))}
          title="A signed file with every opportunity, evidence row and source, to import into another account"
        >
          <Download aria-hidden="true" />
          Download bundle
        </Button>
      )}
      {searchId === undefined ? null : (
        <span className="flex flex-wrap items-center gap-2">
          <label htmlFor={templateId} className="sr-only">
            Pitch-deck template
          </label>
          <select
            id={templateId}
            className="min-h-11 rounded-md border bg-background px-2 text-sm"
            value={template}
            onChange={(e) => setTemplate(e.target.value as DeckTemplateId)}
          >
            {DECK_TEMPLATES.map((id) => (
              <option key={id} value={id}>
                {DECK_TEMPLATE_LABELS[id]}
              </option>
            ))}
          </select>
          <Button
            variant="outline"
            disabled={download.isPending}
            onClick={() => deck(searchId)}
            aria-label={isPaid ? 'Download pitch deck' : 'Download pitch deck (Pro feature)'}
          >
            <Download aria-hidden="true" />
            Download pitch deck
            {isPaid ? null : <span className="rounded-full border px-2 text-xs">Pro</span>}
          </Button>
        </span>
      )}
      <Button
        variant="outline"
        disabled={download.isPending}
        onClick={csv}
        aria-label={isPaid ? 'Download CSV' : 'Download CSV (Pro feature)'}
      >
        <Download aria-hidden="true" />
        Download CSV
        {isPaid ? null : <span className="rounded-full border px-2 text-xs">Pro</span>}
      </Button>
      {left !== null ? (
        <span className="text-sm text-muted-foreground">
          {left === 1 ? '1 export' : `${String(left)} exports`} left this month
        </span>
      ) : null}
    </div>
  );
}

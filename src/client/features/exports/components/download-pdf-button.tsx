import { Download } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { toast } from '#client/lib/toast.ts';
import { exportPaths, useDownloadExport } from '../api/exports-api.ts';

type DownloadPdfButtonProps = {
  /** What to print: a validated idea or an action plan. */
  kind: 'idea' | 'plan';
  id: number;
  /** Asked when the monthly allowance stops the export (the page shows the upgrade prompt). */
  onLimitReached: () => void;
};

/** "Download PDF" for an idea or a plan: counted in the monthly export allowance like the analysis PDF. */
export function DownloadPdfButton({ kind, id, onLimitReached }: DownloadPdfButtonProps) {
  const download = useDownloadExport();
  const path = kind === 'idea' ? exportPaths.ideaPdf(id) : exportPaths.planPdf(id);
  return (
    <Button
      variant="outline"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(path, {
          onSuccess: (fileName) => void toast({ title: 'Download ready', description: fileName, variant: 'success' }),
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'QUOTA_EXCEEDED') {
              onLimitReached();
              void toast({ title: 'Export limit reached', description: error.message, variant: 'warning' });
            } else void toast({ title: 'The export failed', description: error.message, variant: 'error' });
          },
        })
      }
    >
      <Download aria-hidden="true" />
      Download PDF
    </Button>
  );
}

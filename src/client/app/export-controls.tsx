import { useState } from 'react';
import { PlansDialog } from '#client/features/billing/components/plans-dialog.tsx';
import { UpgradePrompt } from '#client/features/billing/components/upgrade-prompt.tsx';
import { useNavigate } from 'react-router';
import { paths } from '#client/config/paths.ts';
import { ExportButtons, type ExportUpgradeReason } from '#client/features/exports/components/export-buttons.tsx';
import { ImportBundleButton } from '#client/features/exports/components/import-bundle-button.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';

/**
 * The export buttons with the upgrade prompt they raise ('export-limit', 'premium-feature') and the plans
 * dialog; on the history (no searchId) also the bundle import, which opens the imported copy.
 */
export function ExportControls({ searchId }: { searchId?: number }) {
  const plan = useAuthStore((state) => state.user?.plan) ?? 'free';
  const navigate = useNavigate();
  const [reason, setReason] = useState<ExportUpgradeReason | null>(null);
  const [isPlansOpen, setPlansOpen] = useState(false);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <ExportButtons {...(searchId === undefined ? {} : { searchId })} plan={plan} onUpgradeNeeded={setReason} />
        {searchId === undefined ? (
          <ImportBundleButton onImported={(result) => void navigate(paths.search.href(result.searchId))} />
        ) : null}
      </div>
      {reason ? (
        <UpgradePrompt key={reason} reason={reason} plan={plan} onViewPlans={() => setPlansOpen(true)} />
      ) : null}
      <PlansDialog isOpen={isPlansOpen} onOpenChange={setPlansOpen} currentPlan={plan} />
    </div>
  );
}

import { useState } from 'react';
import { PlansDialog } from '#client/features/billing/components/plans-dialog.tsx';
import { UpgradePrompt } from '#client/features/billing/components/upgrade-prompt.tsx';
import { ExportButtons, type ExportUpgradeReason } from '#client/features/exports/components/export-buttons.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';

/** The export buttons with the upgrade prompt they raise ('export-limit', 'premium-feature') and the plans dialog. */
export function ExportControls({ searchId }: { searchId?: number }) {
  const plan = useAuthStore((state) => state.user?.plan) ?? 'free';
  const [reason, setReason] = useState<ExportUpgradeReason | null>(null);
  const [isPlansOpen, setPlansOpen] = useState(false);
  return (
    <div className="space-y-3">
      <ExportButtons {...(searchId === undefined ? {} : { searchId })} plan={plan} onUpgradeNeeded={setReason} />
      {reason ? (
        <UpgradePrompt key={reason} reason={reason} plan={plan} onViewPlans={() => setPlansOpen(true)} />
      ) : null}
      <PlansDialog isOpen={isPlansOpen} onOpenChange={setPlansOpen} currentPlan={plan} />
    </div>
  );
}

import { useState } from 'react';
import { PlansDialog } from '#client/features/billing/components/plans-dialog.tsx';
import { UpgradePrompt } from '#client/features/billing/components/upgrade-prompt.tsx';
import { DownloadPdfButton } from '#client/features/exports/components/download-pdf-button.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';

/** The idea's or the plan's "Download PDF", with the 'export-limit' prompt and the plans dialog it raises. */
export function DocumentPdfControl({ kind, id }: { kind: 'idea' | 'plan'; id: number }) {
  const plan = useAuthStore((state) => state.user?.plan) ?? 'free';
  const [isLimited, setLimited] = useState(false);
  const [isPlansOpen, setPlansOpen] = useState(false);
  return (
    <>
      <DownloadPdfButton kind={kind} id={id} onLimitReached={() => setLimited(true)} />
      {isLimited ? (
        <div className="basis-full">
          <UpgradePrompt reason="export-limit" plan={plan} onViewPlans={() => setPlansOpen(true)} />
        </div>
      ) : null}
      <PlansDialog isOpen={isPlansOpen} onOpenChange={setPlansOpen} currentPlan={plan} />
    </>
  );
}

import { useState } from 'react';
import { PlansDialog } from '#client/features/billing/components/plans-dialog.tsx';
import { UpgradePrompt } from '#client/features/billing/components/upgrade-prompt.tsx';
import type { Subject } from '#client/features/teams/api/collaboration-api.ts';
import { TeamShareDialog } from '#client/features/teams/components/team-share-dialog.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';

/**
 * "Share with team" composed with billing: an owner on the free plan meets the 'Collaboration
 * requires Pro' prompt inside the dialog (the server refuses them too); a recipient re-sharing with
 * canShare needs no plan of their own.
 */
export function TeamShareButton(props: { subject: Subject; title: string; isOwner: boolean }) {
  const plan = useAuthStore((state) => state.user?.plan ?? 'free');
  const [isPlansOpen, setPlansOpen] = useState(false);
  return (
    <>
      <TeamShareDialog
        {...props}
        needsUpgrade={props.isOwner && plan === 'free'}
        upgradePrompt={<UpgradePrompt reason="collaboration" plan={plan} onViewPlans={() => setPlansOpen(true)} />}
      />
      <PlansDialog isOpen={isPlansOpen} onOpenChange={setPlansOpen} currentPlan={plan} />
    </>
  );
}

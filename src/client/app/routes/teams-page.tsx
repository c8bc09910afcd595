import { useState } from 'react';
import { PlansDialog } from '#client/features/billing/components/plans-dialog.tsx';
import { UpgradePrompt } from '#client/features/billing/components/upgrade-prompt.tsx';
import { TeamsOverview } from '#client/features/teams/components/teams-overview.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

// /teams (issue 18): my teams and a new one. A plan refusal from the server shows the
// 'Collaboration requires Pro' prompt (a free user), or its message (a Pro user's second team).

export function TeamsPage() {
  usePageMeta('Teams', 'Your teams: members, roles and invitations.');
  const plan = useAuthStore((state) => state.user?.plan ?? 'free');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isPlansOpen, setPlansOpen] = useState(false);
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Teams</h1>
      {refusal ? (
        <div className="grid gap-2">
          {plan === 'free' ? (
            <UpgradePrompt reason="collaboration" plan={plan} onViewPlans={() => setPlansOpen(true)} />
          ) : (
            <p role="alert" className="text-sm text-destructive">
              {refusal}
            </p>
          )}
          <PlansDialog isOpen={isPlansOpen} onOpenChange={setPlansOpen} currentPlan={plan} />
        </div>
      ) : null}
      <TeamsOverview onPlanRequired={setRefusal} />
    </div>
  );
}

import { useState } from 'react';
import { planIncludes } from '#shared/plans/plan-features.ts';
import { PlansDialog } from '#client/features/billing/components/plans-dialog.tsx';
import { UpgradePrompt } from '#client/features/billing/components/upgrade-prompt.tsx';
import { ReportBrandingForm } from '#client/features/exports/components/report-branding-form.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';

/**
 * Account settings → Report branding: the exports feature's form, and for a free account the upgrade
 * prompt ('premium-feature': branded reports are Pro) with the plans dialog.
 */
export function ReportBrandingSection() {
  const plan = useAuthStore((state) => state.user?.plan) ?? 'free';
  const [isPlansOpen, setPlansOpen] = useState(false);
  const canEdit = planIncludes(plan, 'customReports');
  return (
    <section aria-labelledby="section-report-branding" className="rounded-lg border bg-card p-6 text-card-foreground">
      <h2 id="section-report-branding" className="text-lg font-semibold">
        Report branding
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">
        {canEdit
          ? 'Your logo, company name and accent colour on PDF reports and pitch decks, in place of Unbuilt. The data sources stay credited.'
          : 'Branded reports are part of Pro and Enterprise. Anything saved here is kept, and is used again when you upgrade.'}
      </p>
      {canEdit ? null : (
        <div className="mb-4">
          <UpgradePrompt reason="premium-feature" plan={plan} onViewPlans={() => setPlansOpen(true)} />
        </div>
      )}
      <ReportBrandingForm canEdit={canEdit} />
      <PlansDialog isOpen={isPlansOpen} onOpenChange={setPlansOpen} currentPlan={plan} />
    </section>
  );
}

import type { PlanId } from '#shared/plans/plans.constants.ts';
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx';
import { useReportUpgradeViewed } from '#client/lib/upgrade-viewed.ts';
import { PLANS_TITLE } from '../plans-copy.ts';
import { PlansContent } from './plans-content.tsx';

export function PlansDialog({
  isOpen,
  onOpenChange,
  currentPlan,
  highlight,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  currentPlan: PlanId;
  highlight?: PlanId;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl" aria-describedby={undefined}>
        <DialogTitle className="text-2xl">{PLANS_TITLE}</DialogTitle>
        <ReportViewed />
        <PlansContent currentPlan={currentPlan} highlight={highlight} onNavigate={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** Mounted only while the dialog is open: one "upgrade viewed" event per opening. */
function ReportViewed() {
  useReportUpgradeViewed('upgrade-dialog', true);
  return null;
}

import { TRIAL_DAYS } from '#shared/plans/plans.constants.ts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FreeTrialForm } from './free-trial-form.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; defaultEmail?: string };

/** The free-trial modal (docs/product/screens.md): the 7-day Pro trial with an e-mail field. */
export function FreeTrialModal({ open, onOpenChange, defaultEmail }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Start your {TRIAL_DAYS}-day free Pro trial</DialogTitle>
        <DialogDescription>
          Unlimited searches and every Pro feature for {TRIAL_DAYS} days. No credit card required.
        </DialogDescription>
        <FreeTrialForm defaultEmail={defaultEmail} onActivated={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

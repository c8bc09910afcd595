import { lazy, Suspense, useState } from 'react';
import { TRIAL_DAYS } from '#shared/plans/plans.constants.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';

// The dialog (Radix) loads on first open, keeping it out of the pricing page's first load.
const FreeTrialModal = lazy(async () => ({ default: (await import('./free-trial-modal.tsx')).FreeTrialModal }));

/** The 7-day trial offer with its modal, shown only to a signed-in user who can still take it. */
export function TrialOffer() {
  const user = useAuthStore((state) => state.user);
  const [isOpen, setIsOpen] = useState(false);
  // Kept mounted while open, so the success toast and closing happen after the user turns Pro.
  if (!isOpen && (!user || user.trialUsed || user.isPaid)) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed p-6">
      <p className="grow">Not ready to pay? Try Pro free for {TRIAL_DAYS} days — no credit card required.</p>
      <Button variant="outline" onClick={() => setIsOpen(true)}>
        Start {TRIAL_DAYS}-Day Free Trial
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <FreeTrialModal open={isOpen} onOpenChange={setIsOpen} defaultEmail={user?.email} />
        </Suspense>
      ) : null}
    </div>
  );
}

import { Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import type { PlanId } from '#shared/plans/plans.constants.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  dismissKey,
  isDismissed,
  UPGRADE_REASON_DETAIL,
  UPGRADE_REASONS,
  type UpgradeReason,
} from '../upgrade-prompt-state.ts';

// docs/product/states.md upgrade prompt: hidden for non-free users; dismissing stores a timestamp per reason and
// hides it for 24 hours, after which the stored value is removed and it shows again.

type UpgradePromptProps = { reason: UpgradeReason; plan: PlanId; onViewPlans: () => void };

export function UpgradePrompt({ reason, plan, onViewPlans }: UpgradePromptProps) {
  const [hidden, setHidden] = useState(() => isDismissed(reason, Date.now()));
  if (plan !== 'free' || hidden) return null;
  const dismiss = () => {
    localStorage.setItem(dismissKey(reason), String(Date.now()));
    setHidden(true);
  };
  return (
    <aside
      aria-label="Upgrade"
      className="relative rounded-lg border-2 border-primary bg-accent p-4 text-accent-foreground"
    >
      <button
        type="button"
        onClick={dismiss}
        className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-md hover:bg-muted"
      >
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">Dismiss</span>
      </button>
      {/* Room on the right for the dismiss button, which sits over the corner. */}
      <p className="flex items-center gap-2 pr-10 font-semibold">
        <Sparkles aria-hidden="true" className="size-4" />
        {UPGRADE_REASONS[reason]}
      </p>
      <p className="mt-1 text-sm">{UPGRADE_REASON_DETAIL[reason]}</p>
      <div className="mt-3 flex gap-2">
        <Button onClick={onViewPlans}>View Plans</Button>
        <Button variant="ghost" onClick={dismiss}>
          Maybe Later
        </Button>
      </div>
    </aside>
  );
}

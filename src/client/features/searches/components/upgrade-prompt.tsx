import { Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { UPGRADE_PROMPT_DISMISS_MS, type PlanId } from '#shared/plans/plans.constants.ts';
import { Button } from '#client/components/ui/button.tsx';

// Spec §4 upgrade prompt: hidden for non-free users; dismissing stores a timestamp per reason and
// hides it for 24 hours, after which the stored value is removed and it shows again.

export const UPGRADE_REASONS = {
  'search-limit': "You're running low on searches",
  'premium-feature': 'This is a Pro feature',
  'export-limit': 'Export limit reached',
  collaboration: 'Collaboration requires Pro',
} as const;
export type UpgradeReason = keyof typeof UPGRADE_REASONS;

const REASON_DETAIL: Record<UpgradeReason, string> = {
  'search-limit': 'Pro gives you unlimited searches every month.',
  'premium-feature': 'Upgrade to Pro to unlock it.',
  'export-limit': 'Pro includes branded exports without limits.',
  collaboration: 'Share analyses with your team on Pro.',
};

export function dismissKey(reason: UpgradeReason): string {
  return `upgrade-prompt-dismissed:${reason}`;
}

/** Whether the prompt for `reason` is inside its 24-hour dismissal; clears an expired one. */
export function isDismissed(reason: UpgradeReason, now: number): boolean {
  const stored = Number(localStorage.getItem(dismissKey(reason)));
  if (!stored) return false;
  if (now - stored < UPGRADE_PROMPT_DISMISS_MS) return true;
  localStorage.removeItem(dismissKey(reason));
  return false;
}

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
      <p className="flex items-center gap-2 font-semibold">
        <Sparkles aria-hidden="true" className="size-4" />
        {UPGRADE_REASONS[reason]}
      </p>
      <p className="mt-1 text-sm">{REASON_DETAIL[reason]}</p>
      <div className="mt-3 flex gap-2">
        <Button onClick={onViewPlans}>View Plans</Button>
        <Button variant="ghost" onClick={dismiss}>
          Maybe Later
        </Button>
      </div>
    </aside>
  );
}

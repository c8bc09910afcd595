import { CHAT_DAILY_MESSAGES } from '#shared/chat/chat.constants.ts';
import { UPGRADE_PROMPT_DISMISS_MS } from '#shared/plans/plans.constants.ts';

// Upgrade prompts: why one shows, and its 24-hour dismissal kept in localStorage per reason.

export const UPGRADE_REASONS = {
  'search-limit': "You're running low on searches",
  'premium-feature': 'This is a Pro feature',
  'export-limit': 'Export limit reached',
  collaboration: 'Collaboration requires Pro',
  'chat-limit': "You've used today's assistant messages",
} as const;
export type UpgradeReason = keyof typeof UPGRADE_REASONS;

export const UPGRADE_REASON_DETAIL: Record<UpgradeReason, string> = {
  'search-limit': 'Pro gives you unlimited searches every month.',
  'premium-feature': 'Upgrade to Pro to unlock it.',
  'export-limit': 'Pro includes branded exports without limits.',
  collaboration: 'Share analyses with your team on Pro.',
  'chat-limit': `Pro gives you ${CHAT_DAILY_MESSAGES.pro} assistant messages a day.`,
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

import { useNavigate } from 'react-router';
import { paths } from '#client/config/paths.ts';
import { UpgradePrompt } from '#client/features/billing/components/upgrade-prompt.tsx';

/** The upgrade prompt the assistant shows when a free user reaches the day's messages. */
export function ChatUpgrade() {
  const navigate = useNavigate();
  return <UpgradePrompt reason="chat-limit" plan="free" onViewPlans={() => void navigate(paths.pricing.href())} />;
}

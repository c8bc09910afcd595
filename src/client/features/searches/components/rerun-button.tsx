import { PLANS } from '#shared/plans/plans.constants.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';

/** Re-run says, on a plan with a monthly limit, that it spends one of those searches (issue 13). */
export function RerunButton({ query, onRerun, size }: { query: string; onRerun: () => void; size?: 'sm' }) {
  const plan = useAuthStore((state) => state.user?.plan);
  const isLimited = plan !== undefined && PLANS[plan].monthlySearches !== null;
  return (
    <Button
      variant="outline"
      size={size}
      onClick={onRerun}
      aria-label={`Re-run “${query}”${isLimited ? ', uses one of your monthly searches' : ''}`}
    >
      Re-run
      {isLimited ? <span className="font-normal">(uses a search)</span> : null}
    </Button>
  );
}

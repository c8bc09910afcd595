import { Crown } from 'lucide-react';
import { greetingName } from '#shared/auth/display-name.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';

/** The signed-in home greeting; Pro (and Enterprise) users get a crown. */
export function WelcomePill() {
  const user = useAuthStore((state) => state.user);
  const isNewAccount = useAuthStore((state) => state.isNewAccount);
  if (!user) return null;
  const isPro = user.plan === 'pro' || user.plan === 'enterprise';
  return (
    <p className="inline-flex items-center gap-2 rounded-full border bg-accent px-4 py-1.5 text-sm text-accent-foreground">
      {isPro ? (
        <Crown
          aria-label={user.plan === 'enterprise' ? 'Enterprise member' : 'Pro member'}
          className="size-4 text-amber-500"
        />
      ) : null}
      <span>
        {isNewAccount ? 'Welcome' : 'Welcome back'}, <strong>{greetingName(user)}</strong>
      </span>
    </p>
  );
}

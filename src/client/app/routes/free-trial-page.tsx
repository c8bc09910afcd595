import { Link } from 'react-router';
import { PLANS, TRIAL_DAYS } from '#shared/plans/plans.constants.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { FreeTrialForm } from '#client/features/billing/components/free-trial-form.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { formatDateTime } from '#client/lib/format.ts';

/** /free-trial: start the 7-day Pro trial (once per account, no card). */
export function FreeTrialPage() {
  usePageMeta('Free Pro trial', `Try Unbuilt Pro free for ${TRIAL_DAYS} days. No credit card required.`);
  const user = useAuthStore((state) => state.user);
  const trialEnds = user?.trialExpiration ? new Date(user.trialExpiration) : null;
  const isOnTrial = trialEnds !== null && user?.plan === 'pro' && user.subscriptionTier === 'free';

  return (
    <div className="mx-auto grid max-w-lg gap-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">Try Pro free for {TRIAL_DAYS} days</h1>
        <p className="mt-2 text-muted-foreground">
          {PLANS.pro.features.slice(0, 3).join(' · ')}. No credit card required.
        </p>
      </header>
      {isOnTrial && trialEnds ? (
        <p role="status" className="rounded-md border bg-card p-4">
          Your free trial is active until {formatDateTime(trialEnds)}.
        </p>
      ) : user?.isPaid ? (
        <p className="rounded-md border bg-card p-4">You already have the {PLANS[user.plan].name} plan.</p>
      ) : user?.trialUsed ? (
        <div className="grid gap-3 rounded-md border bg-card p-4">
          <p>You have already used your free trial.</p>
          <Link to={paths.subscribe.href()} className={buttonVariants({ className: 'w-fit' })}>
            Upgrade to Pro
          </Link>
        </div>
      ) : (
        <div className="rounded-xl border bg-card p-6">
          <FreeTrialForm defaultEmail={user?.email} />
        </div>
      )}
    </div>
  );
}

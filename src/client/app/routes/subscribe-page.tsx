import { Link, useSearchParams } from 'react-router';
import { paidPlanSchema } from '#shared/billing/billing.schemas.ts';
import { PLANS } from '#shared/plans/plans.constants.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { PlanPicker } from '#client/features/billing/components/plan-picker.tsx';
import { TrialOffer } from '#client/features/billing/components/trial-offer.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { useReportUpgradeViewed } from '#client/lib/upgrade-viewed.ts';

/** /subscribe: choose a plan and go to checkout; a paying user is sent to Billing instead. */
export function SubscribePage() {
  usePageMeta('Upgrade your plan', 'Choose Pro or Enterprise and go to checkout.');
  const user = useAuthStore((state) => state.user);
  useReportUpgradeViewed('subscribe-page', user !== null && !user.isPaid);
  const [params] = useSearchParams();
  const initialPlan = paidPlanSchema.safeParse(params.get('plan')).data ?? 'pro';

  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">Upgrade your plan</h1>
        <p className="mt-2 text-muted-foreground">Unlimited searches, advanced analytics and collaboration.</p>
      </header>
      {user?.isPaid && user.subscriptionTier !== 'free' ? (
        <div className="grid gap-3 rounded-xl border bg-card p-6">
          <p>You are on the {PLANS[user.plan].name} plan. Change or cancel it from Billing.</p>
          <Link to={paths.billing.href()} className={buttonVariants({ className: 'w-fit' })}>
            Go to Billing
          </Link>
        </div>
      ) : (
        <>
          <PlanPicker initialPlan={initialPlan} />
          <TrialOffer />
        </>
      )}
    </div>
  );
}

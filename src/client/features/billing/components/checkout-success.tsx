import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SubscriptionView } from '#shared/billing/billing.schemas.ts';
import { isPaidPlan, PLANS } from '#shared/plans/plans.constants.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import { fetchSubscription, refreshCurrentUser, subscriptionQueryOptions } from '../api/billing-api.ts';

const CONFIRMATION_POLL_MS = 2000;
const MAX_WAIT_MS = 60_000;

/**
 * After checkout. With Stripe the webhook may land a moment after the redirect, so the page asks
 * again until the subscription shows, then refreshes the signed-in user (PRO badge, Billing entry).
 */
function isConfirmed(view: SubscriptionView | undefined): view is SubscriptionView {
  return view !== undefined && view.subscription !== null && isPaidPlan(view.plan);
}

export function CheckoutSuccess() {
  const [startedAt] = useState(() => Date.now());
  const view = useQuery({
    ...subscriptionQueryOptions(),
    queryFn: async () => {
      const data = await fetchSubscription();
      if (isConfirmed(data)) await refreshCurrentUser();
      return data;
    },
    refetchInterval: (query) =>
      isConfirmed(query.state.data) || query.state.dataUpdatedAt - startedAt >= MAX_WAIT_MS
        ? false
        : CONFIRMATION_POLL_MS,
  });

  if (!isConfirmed(view.data)) {
    const isGivingUp = view.isError || view.dataUpdatedAt - startedAt >= MAX_WAIT_MS;
    return isGivingUp ? (
      <div className="flex flex-col items-center gap-4 py-12 text-center" role="alert">
        <p>
          We have not received the payment provider&apos;s confirmation yet. If you completed the payment, your plan
          will appear on the Billing page within a few minutes.
        </p>
        <Link to={paths.billing.href()} className={buttonVariants({ variant: 'outline' })}>
          Go to Billing
        </Link>
      </div>
    ) : (
      <div className="flex flex-col items-center gap-4 py-12 text-center" role="status">
        <Spinner label="Confirming your subscription" />
        <p>Confirming your subscription with the payment provider…</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <CheckCircle2 aria-hidden="true" className="size-14 text-primary" />
      <h2 className="text-2xl font-bold">Welcome to {PLANS[view.data.plan].name}!</h2>
      <p className="max-w-md text-muted-foreground">
        Your subscription is active. Unlimited searches and every {PLANS[view.data.plan].name} feature are yours.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home.href()} className={buttonVariants()}>
          Start discovering
        </Link>
        <Link to={paths.billing.href()} className={buttonVariants({ variant: 'outline' })}>
          View billing
        </Link>
      </div>
    </div>
  );
}

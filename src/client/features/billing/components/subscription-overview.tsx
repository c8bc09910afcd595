import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PaidPlanId, SubscriptionView } from '#shared/billing/billing.schemas.ts';
import { PLANS } from '#shared/plans/plans.constants.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import { toast } from '#client/lib/toast.ts';
import {
  billingConfigQueryOptions,
  subscriptionQueryOptions,
  useOpenPortal,
  useSubscriptionAction,
  type SubscriptionAction,
} from '../api/billing-api.ts';
import { DemoModeNotice } from './demo-mode-notice.tsx';
import { InvoicesList } from './invoices-list.tsx';
import { formatDate } from '#client/lib/format.ts';
import { ownValue } from '#shared/app/own-value.ts';

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Payment overdue',
  canceled: 'Ended',
  unpaid: 'Unpaid',
  incomplete: 'Awaiting payment',
};

/** The demo provider's subscriptions run one period and never renew (its checkout says so); Stripe's renew. */
function statusLine(subscription: NonNullable<SubscriptionView['subscription']>, isDemo: boolean): string {
  if (!subscription.currentPeriodEnd) return ownValue(STATUS_LABELS, subscription.status) ?? subscription.status;
  const date = formatDate(subscription.currentPeriodEnd, 'long');
  if (subscription.cancelAtPeriodEnd) return `Cancelled — your plan ends on ${date}`;
  if (isDemo && subscription.status === 'active') return `Active (demo) — ends on ${date}, does not renew`;
  if (subscription.status === 'active') return `Active — renews on ${date}`;
  return `${ownValue(STATUS_LABELS, subscription.status) ?? subscription.status} — current period ends on ${date}`;
}

/** What resuming says: a demo subscription stays active to its end and still does not renew (issue 29). */
function resumedMessage(subscription: NonNullable<SubscriptionView['subscription']>, isDemo: boolean): string {
  if (!isDemo) return 'Your subscription will renew';
  const end = subscription.currentPeriodEnd ? ` until ${formatDate(subscription.currentPeriodEnd, 'long')}` : '';
  return `Your plan stays active${end} (demo: it does not renew)`;
}

/** /billing for a paying user: plan, status, renewal or end date, and the changes they can make. */
export function SubscriptionOverview() {
  const view = useQuery(subscriptionQueryOptions());
  const config = useQuery(billingConfigQueryOptions());
  const action = useSubscriptionAction();
  const portal = useOpenPortal();

  if (view.isPending) return <PageSpinner label="Loading your subscription" />;
  if (view.isError) return <p role="alert">{view.error.message}</p>;
  const { subscription, plan, provider, trialExpiration, history, canManageInPortal } = view.data;
  const isDemo = provider === 'demo';

  function run(next: SubscriptionAction, done: string) {
    action.mutate(next, {
      onSuccess: () => void toast({ title: done, variant: 'success' }),
      onError: (error) =>
        void toast({ title: 'Your subscription was not changed', description: error.message, variant: 'destructive' }),
    });
  }

  const switchTo: PaidPlanId | null = subscription ? (subscription.tier === 'pro' ? 'enterprise' : 'pro') : null;
  // Without an Enterprise price at the provider, Enterprise is sold through the sales team.
  const otherPlan = switchTo === 'enterprise' && config.data?.enterpriseCheckout !== true ? null : switchTo;

  return (
    <div className="grid gap-8">
      {isDemo ? <DemoModeNotice /> : null}
      <section aria-labelledby="current-plan" className="grid gap-3 rounded-xl border bg-card p-6 text-card-foreground">
        <h2 id="current-plan" className="text-lg font-semibold">
          Current plan: {PLANS[plan].name}
        </h2>
        {subscription ? (
          <p data-testid="subscription-status">{statusLine(subscription, isDemo)}</p>
        ) : trialExpiration ? (
          <p>Free trial — ends on {formatDate(trialExpiration, 'long')}. Subscribe to keep Pro afterwards.</p>
        ) : (
          <p>You have no paid subscription.</p>
        )}
        <div className="mt-2 flex flex-wrap gap-3">
          {subscription && !subscription.cancelAtPeriodEnd ? (
            <Button
              variant="outline"
              disabled={action.isPending}
              onClick={() => run({ kind: 'cancel' }, 'Your plan will end at the end of this period')}
            >
              Cancel at period end
            </Button>
          ) : null}
          {subscription?.cancelAtPeriodEnd ? (
            <Button
              disabled={action.isPending}
              onClick={() => run({ kind: 'resume' }, resumedMessage(subscription, isDemo))}
            >
              Resume subscription
            </Button>
          ) : null}
          {subscription && otherPlan && !subscription.cancelAtPeriodEnd ? (
            <Button
              variant="secondary"
              disabled={action.isPending}
              onClick={() => run({ kind: 'change', plan: otherPlan }, `Plan changed to ${PLANS[otherPlan].name}`)}
            >
              Change to {PLANS[otherPlan].name}
            </Button>
          ) : null}
          {!subscription ? (
            <Link to={paths.subscribe.href()} className={buttonVariants()}>
              Subscribe
            </Link>
          ) : null}
          {canManageInPortal ? (
            <Button variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
              Manage card and invoices
            </Button>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="invoices-title" className="grid gap-3">
        <h2 id="invoices-title" className="text-lg font-semibold">
          Invoices
        </h2>
        <InvoicesList isDemo={provider === 'demo'} />
      </section>

      <section aria-labelledby="history-title" className="grid gap-3">
        <h2 id="history-title" className="text-lg font-semibold">
          Subscription history
        </h2>
        {history.length === 0 ? (
          <p className="text-muted-foreground">Nothing yet.</p>
        ) : (
          <ul className="grid gap-2">
            {history.map((item) => (
              <li
                key={`${item.at}-${item.kind}-${item.summary}`}
                className="flex justify-between gap-4 border-b py-2 text-sm"
              >
                <span>{item.summary}</span>
                <time dateTime={item.at} className="text-muted-foreground">
                  {formatDate(item.at, 'long')}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

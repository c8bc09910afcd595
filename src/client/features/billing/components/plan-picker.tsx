import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PaidPlanId } from '#shared/billing/billing.schemas.ts';
import { MONEY_BACK_DAYS, PLANS, planPriceLabel } from '#shared/plans/plans.constants.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { PlanFeature } from '#client/components/marketing/plan-feature.tsx';
import { paths } from '#client/config/paths.ts';
import { toast } from '#client/lib/toast.ts';
import { billingConfigQueryOptions, useStartCheckout } from '../api/billing-api.ts';
import { DemoModeNotice } from './demo-mode-notice.tsx';

const CHOICES: PaidPlanId[] = ['pro', 'enterprise'];

/** /subscribe: choose Pro or Enterprise and go to checkout (the demo page or Stripe's). */
export function PlanPicker({ initialPlan }: { initialPlan: PaidPlanId }) {
  const [plan, setPlan] = useState<PaidPlanId>(initialPlan);
  const config = useQuery(billingConfigQueryOptions());
  const checkout = useStartCheckout();
  const navigate = useNavigate();
  const canBuy = (id: PaidPlanId) => id === 'pro' || config.data?.enterpriseCheckout === true;

  function goToCheckout() {
    checkout.mutate(plan, {
      onSuccess: ({ url }) => {
        // The demo checkout is a page of this app; Stripe's is on checkout.stripe.com.
        if (url.startsWith('/')) void navigate(url);
        else window.location.assign(url);
      },
      onError: (error) =>
        void toast({ title: 'Checkout could not start', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <div className="grid gap-6">
      {config.data?.checkoutAvailable === false ? (
        <p role="note" className="rounded-md border px-4 py-3 text-sm">
          <strong>Payments are not set up on this installation.</strong> Plans cannot be bought here; the free plan and
          the free trial work as usual.
        </p>
      ) : config.data?.provider === 'demo' ? (
        <DemoModeNotice />
      ) : null}
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="sr-only">Plan</legend>
        {CHOICES.map((id) => {
          const definition = PLANS[id];
          const isSelected = plan === id;
          return (
            <label
              key={id}
              className={clsx(
                'flex cursor-pointer flex-col rounded-xl border bg-card p-6 text-card-foreground',
                isSelected && 'border-2 border-primary shadow-lg',
              )}
            >
              <span className="flex items-center gap-3">
                <input
                  type="radio"
                  name="plan"
                  value={id}
                  checked={isSelected}
                  onChange={() => setPlan(id)}
                  className="size-5"
                />
                <span className="text-lg font-semibold">{definition.name}</span>
                {definition.isPopular ? (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">Popular</span>
                ) : null}
              </span>
              <span className="mt-3 text-3xl font-bold">
                {planPriceLabel(definition)}
                <span className="text-base font-normal text-muted-foreground">/month</span>
              </span>
              <span className="mt-1 text-sm text-muted-foreground">{definition.description}</span>
              <ul className="mt-4 grid gap-2 text-sm">
                {definition.features.map((feature) => (
                  <PlanFeature key={feature} feature={feature} />
                ))}
              </ul>
            </label>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        {canBuy(plan) ? (
          <Button
            size="lg"
            onClick={goToCheckout}
            disabled={checkout.isPending || config.isPending || config.data?.checkoutAvailable === false}
          >
            {checkout.isPending ? 'Opening checkout…' : `Continue to checkout — ${PLANS[plan].name}`}
          </Button>
        ) : (
          <Link to={paths.contact.href()} className={buttonVariants({ size: 'lg' })}>
            Contact Sales Team
          </Link>
        )}
        <p className="text-sm text-muted-foreground">
          Paid plans include a {MONEY_BACK_DAYS}-day money-back guarantee. Cancel anytime.
        </p>
      </div>
    </div>
  );
}

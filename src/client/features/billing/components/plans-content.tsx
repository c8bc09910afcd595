import { clsx } from 'clsx';
import { Link } from 'react-router';
import { PLAN_IDS, PLANS, planPriceLabel, type PlanId } from '#shared/plans/plans.constants.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { PlanFeature } from '#client/components/marketing/plan-feature.tsx';
import { paths } from '#client/config/paths.ts';
import { PLANS_FOOTER } from '../plans-copy.ts';

type PlansContentProps = {
  currentPlan: PlanId;
  highlight?: PlanId;
  TitleAs?: 'h1' | 'h2';
  /** Called when a link is followed (the dialog closes itself). */
  onNavigate?: () => void;
};

/** The upgrade-plans content (docs/product/screens.md), shared by the dialog and the /auth/upgrade page. */
export function PlansContent({ currentPlan, highlight = 'pro', onNavigate }: PlansContentProps) {
  return (
    <div>
      <ul className="grid gap-4 md:grid-cols-3">
        {PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          const isCurrent = id === currentPlan;
          return (
            <li
              key={id}
              aria-label={`${plan.name} plan`}
              className={clsx(
                'relative flex flex-col rounded-xl border bg-card p-5',
                id === highlight && 'border-2 border-primary shadow-lg',
              )}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                {plan.isPopular ? (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                    Most popular
                  </span>
                ) : null}
                {isCurrent ? <span className="rounded-full border px-2 py-0.5 text-xs">Current Plan</span> : null}
              </div>
              <p className="mt-3">
                <span className="text-3xl font-bold">{planPriceLabel(plan)}</span>
                <span className="text-muted-foreground">/month</span>
              </p>
              <ul className="mt-3 flex-1 space-y-1 text-sm">
                {plan.features.map((f) => (
                  <PlanFeature key={f} feature={f} />
                ))}
              </ul>
              {!isCurrent && id !== 'free' ? (
                <Link
                  to={`${paths.subscribe.href()}?plan=${id}`}
                  onClick={onNavigate}
                  className={buttonVariants({
                    variant: id === highlight ? 'default' : 'outline',
                    className: 'mt-4 w-full',
                  })}
                >
                  {id === 'enterprise' ? 'Choose Enterprise' : `Upgrade to ${plan.name}`}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="mt-6 rounded-lg border p-4 text-center">
        <h3 className="font-semibold">Need a custom solution?</h3>
        <Link
          to={paths.contact.href()}
          onClick={onNavigate}
          className={buttonVariants({ variant: 'outline', className: 'mt-3' })}
        >
          Contact Sales Team
        </Link>
      </div>
      <p className="mt-4 text-center text-sm text-muted-foreground">{PLANS_FOOTER}</p>
    </div>
  );
}

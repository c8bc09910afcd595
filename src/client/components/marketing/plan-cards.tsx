import { clsx } from 'clsx';
import { Link } from 'react-router';
import { PLAN_IDS, PLANS, planPriceLabel, type PlanDefinition, type PlanId } from '#shared/plans/plans.constants.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { PlanFeature } from './plan-feature.tsx';

export type PlanCta = { label: string; href: string; isExternal?: boolean };

type PlanCardsProps = {
  ctaFor: (plan: PlanDefinition) => PlanCta;
  headingLevel?: 'h3' | 'h2';
};

/** Plan names, prices and features come only from src/shared/plans/plans.constants.ts. */
export function PlanCards({ ctaFor, headingLevel = 'h3' }: PlanCardsProps) {
  const Heading = headingLevel;
  return (
    <ul data-not-prose className="grid gap-6 md:grid-cols-3">
      {PLAN_IDS.map((id: PlanId) => {
        const plan = PLANS[id];
        const cta = ctaFor(plan);
        const ctaClass = buttonVariants({ variant: plan.isPopular ? 'default' : 'outline', className: 'mt-6 w-full' });
        return (
          <li
            key={id}
            className={clsx(
              'relative flex flex-col rounded-xl border bg-card p-6 text-card-foreground',
              plan.isPopular && 'border-2 border-primary shadow-lg',
            )}
          >
            {plan.isPopular ? (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                Most popular
              </p>
            ) : null}
            <Heading className="text-xl font-semibold">{plan.name}</Heading>
            <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
            <p className="mt-4">
              <span className="text-4xl font-bold">{planPriceLabel(plan)}</span>
              <span className="text-muted-foreground">/month</span>
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm">
              {plan.features.map((feature) => (
                <PlanFeature key={feature} feature={feature} />
              ))}
            </ul>
            {cta.isExternal ? (
              <a className={ctaClass} href={cta.href}>
                {cta.label}
                <span className="sr-only"> ({plan.name} plan)</span>
              </a>
            ) : (
              <Link className={ctaClass} to={cta.href}>
                {cta.label}
                <span className="sr-only"> ({plan.name} plan)</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

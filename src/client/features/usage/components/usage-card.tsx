import { clsx } from 'clsx';
import { Link } from 'react-router';
import { PLANS, type PlanId } from '#shared/plans/plans.constants.ts';
import type { UsageDto } from '#shared/usage/usage.schemas.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { usageState } from '../usage-state.ts';

export function UsageCard({ usage, plan }: { usage: UsageDto | undefined; plan: PlanId }) {
  if (!usage) return <div className="h-24 animate-pulse rounded-lg border bg-muted" aria-hidden="true" />;
  if (usage.searchesLimit === null) {
    return (
      <section aria-label="Search usage" className="rounded-lg border bg-card p-4">
        <p className="font-semibold">{PLANS[plan].name} plan</p>
        <p className="text-sm text-muted-foreground">Unlimited searches · {usage.searchesUsed} this month</p>
      </section>
    );
  }
  const state = usageState(usage);
  return (
    <section
      aria-label="Search usage"
      data-state={state}
      className={clsx('rounded-lg border bg-card p-4', state !== 'normal' && 'border-destructive bg-destructive/10')}
    >
      {state === 'limit' ? (
        <>
          <p className="font-semibold text-destructive">Search Limit Reached</p>
          <p className="text-sm">Upgrade to continue searching</p>
        </>
      ) : (
        <>
          <p className="font-semibold">{PLANS[plan].name} plan</p>
          <p className={clsx('text-sm', state === 'warning' && 'text-destructive')}>
            {usage.searchesUsed} of {usage.searchesLimit} searches used this month
          </p>
        </>
      )}
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div
          className={clsx('h-full', state === 'normal' ? 'bg-primary' : 'bg-destructive')}
          style={{ width: `${Math.min(100, (usage.searchesUsed / usage.searchesLimit) * 100)}%` }}
        />
      </div>
      {state !== 'normal' ? (
        <Link
          to={paths.subscribe.href()}
          className={buttonVariants({ variant: 'destructive', size: 'sm', className: 'mt-3' })}
        >
          Upgrade
        </Link>
      ) : null}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { DEMO_PERIOD_DAYS } from '#shared/billing/billing.schemas.ts';
import { PLANS } from '#shared/plans/plans.constants.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import { toast } from '#client/lib/toast.ts';
import { demoCheckoutQueryOptions, useCompleteDemoCheckout } from '../api/billing-api.ts';

/** The demo provider's checkout: no card form at all, one button that runs the same events Stripe would send. */
export function DemoCheckout({ sessionId }: { sessionId: string }) {
  const session = useQuery(demoCheckoutQueryOptions(sessionId));
  const complete = useCompleteDemoCheckout(sessionId);
  const navigate = useNavigate();

  if (session.isPending) return <PageSpinner label="Loading checkout" />;
  if (session.isError) {
    return (
      <p role="alert" className="text-destructive">
        {session.error.message}
      </p>
    );
  }
  const plan = PLANS[session.data.plan];
  const isOpen = session.data.status === 'open';

  function pay() {
    complete.mutate(undefined, {
      onSuccess: ({ plan: bought }) => void navigate(`${paths.subscriptionSuccess.href()}?plan=${bought}`),
      onError: (error) =>
        void toast({ title: 'Demo checkout failed', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <div className="grid gap-6 rounded-xl border bg-card p-6 text-card-foreground">
      <div role="note" className="rounded-md border-2 border-amber-500 bg-amber-500/10 p-4">
        <p className="text-lg font-semibold">Demo checkout — no card is charged</p>
        <p className="mt-1 text-sm">
          This is the built-in demo payment provider. It collects no payment details and charges nothing. Completing it
          gives your account the plan below so you can try it, for one {DEMO_PERIOD_DAYS}-day period that does not
          renew.
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="font-semibold">{plan.name}</dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd>
          ${plan.monthlyPriceUsd}/month <span className="text-muted-foreground">(demo: $0.00 charged)</span>
        </dd>
      </dl>
      {isOpen ? (
        <div className="flex flex-wrap gap-3">
          <Button size="lg" onClick={pay} disabled={complete.isPending}>
            {complete.isPending ? 'Completing…' : 'Complete demo purchase'}
          </Button>
          <Link to={paths.subscribe.href()} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Cancel
          </Link>
        </div>
      ) : (
        <p role="status">
          This checkout is {session.data.status}.{' '}
          <Link to={paths.subscribe.href()} className="underline">
            Choose a plan again
          </Link>
          .
        </p>
      )}
    </div>
  );
}

import { Link, useSearchParams } from 'react-router';
import { TRIAL_DAYS } from '#shared/plans/plans.constants.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { PlansContent } from '#client/features/billing/components/plans-content.tsx';
import { PLANS_TITLE } from '#client/features/billing/plans-copy.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/**
 * /auth/upgrade: where a search or a market research report lands when the quota is used up; the plans
 * dialog's content as a page. It keeps the typed query (?q=) or market (?market=) for after upgrading, and
 * offers the free trial when it is unused.
 */
export function UpgradePage() {
  usePageMeta('Upgrade', 'Choose a plan to keep searching.');
  const user = useAuthStore((s) => s.user);
  const plan = user?.plan ?? 'free';
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const market = params.get('market')?.trim() ?? '';
  const canTrial = user !== null && plan === 'free' && !user.trialUsed;
  const kept = query
    ? { what: 'search', text: query, to: `${paths.home.href()}?q=${encodeURIComponent(query)}`, where: 'Discover' }
    : market
      ? {
          what: 'market research on',
          text: market,
          to: paths.marketResearch.href({ market }),
          where: 'Market research',
        }
      : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">{PLANS_TITLE}</h1>
      {plan === 'free' ? (
        <p className="mt-2 text-muted-foreground">
          You&apos;ve used all your free searches this month. Upgrade to continue searching.
        </p>
      ) : null}
      {kept ? (
        <p className="mt-3 rounded-md border bg-card p-3 text-sm" data-testid="kept-query">
          Your {kept.what} <strong>“{kept.text}”</strong> is kept: after upgrading or starting the trial,{' '}
          <Link to={kept.to} className="underline">
            run it from {kept.where}
          </Link>
          .
        </p>
      ) : null}
      {canTrial ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-primary p-4">
          <p className="text-sm">Not ready to pay? Try Pro free for {TRIAL_DAYS} days, no credit card.</p>
          <Link to={paths.freeTrial.href()} className={buttonVariants({})}>
            Start the {TRIAL_DAYS}-day free trial
          </Link>
        </div>
      ) : null}
      <div className="mt-6">
        <PlansContent currentPlan={plan} />
      </div>
    </div>
  );
}

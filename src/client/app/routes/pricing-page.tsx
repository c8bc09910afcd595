import { SALES_EMAIL } from '#shared/app/app.constants.ts';
import {
  FREE_HISTORY_DAYS,
  FREE_MONTHLY_SEARCHES,
  MONEY_BACK_DAYS,
  TRIAL_DAYS,
  type PlanDefinition,
  type PlanId,
} from '#shared/plans/plans.constants.ts';
import { ContentPage } from '#client/components/marketing/content-page.tsx';
import { PlanCards, type PlanCta } from '#client/components/marketing/plan-cards.tsx';
import { paths } from '#client/config/paths.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { TrialOffer } from '#client/features/billing/components/trial-offer.tsx';
import { HelpLink } from '#client/features/help/components/help-link.tsx';

/** Exported for its test. A paying user's own plan leads to billing, not to "Upgrade to" it (issue 29). */
export function ctaFor(isSignedIn: boolean, currentPlan: PlanId | null = null) {
  return (plan: PlanDefinition): PlanCta => {
    if (isSignedIn && currentPlan === plan.id && plan.id !== 'free')
      return { label: 'Your plan: manage billing', href: paths.billing.href() };
    if (plan.id === 'enterprise') return { label: 'Contact Sales', href: paths.contact.href() };
    if (plan.id === 'pro') {
      return isSignedIn
        ? { label: 'Upgrade to Pro', href: paths.subscribe.href() }
        : { label: `Start ${TRIAL_DAYS}-Day Free Trial`, href: paths.register.href() };
    }
    return isSignedIn
      ? { label: 'Go to Discover', href: paths.home.href() }
      : { label: 'Get Started Free', href: paths.register.href() };
  };
}

export function PricingPage() {
  const isSignedIn = useAuthStore((state) => state.status === 'signed-in');
  const currentPlan = useAuthStore((state) => state.user?.plan ?? null);
  return (
    <ContentPage
      title="Pricing"
      description={`Unbuilt plans: Free with ${FREE_MONTHLY_SEARCHES} searches a month, Pro with unlimited searches, and Enterprise for teams. Try Pro free for ${TRIAL_DAYS} days, no credit card.`}
      width="wide"
      help={<HelpLink page="pricing" />}
      lead={`Start free with ${FREE_MONTHLY_SEARCHES} searches a month. Try Pro free for ${TRIAL_DAYS} days — no credit card required.`}
    >
      <section aria-labelledby="plans-title">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <PlanCards ctaFor={ctaFor(isSignedIn, currentPlan)} />
        <div className="mt-6">
          <TrialOffer />
        </div>
      </section>

      <section aria-labelledby="pricing-faq-title" className="max-w-3xl">
        <h2 id="pricing-faq-title">Questions about plans</h2>
        <h3>What counts as a search?</h3>
        <p>
          Each analysis that finds at least one opportunity counts as one search. On the Free plan you have{' '}
          {FREE_MONTHLY_SEARCHES} a calendar month; the count starts again when a new month begins. An analysis that
          finds nothing, or says the data cannot support an answer, stays in your history but does not count, and
          neither does one that fails or that you cancel. Opening, saving, exporting or sharing an analysis you already
          ran does not count.
        </p>
        <h3>What happens when I reach the limit?</h3>
        <p>
          The limit is enforced on our server, so new searches stop until the next month or until you upgrade.
          Everything you already ran stays available. Free accounts see the last {FREE_HISTORY_DAYS} days of search
          history; older searches are hidden, not deleted, and come back if you upgrade.
        </p>
        <h3>How does the free trial work?</h3>
        <p>
          The trial gives you {TRIAL_DAYS} days of Pro once per account, with no card required. When it ends your
          account returns to Free unless you subscribe.
        </p>
        <h3>Can I cancel?</h3>
        <p>Yes, at any time. Every paid plan has a {MONEY_BACK_DAYS}-day money-back guarantee.</p>
        <h3>How do I pay?</h3>
        <p>
          Pro is billed monthly by card through our payment provider. Unbuilt never receives or stores your card number.
          Enterprise is arranged with our team: write to <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>.
        </p>
      </section>
    </ContentPage>
  );
}

import { SALES_EMAIL } from '#shared/app/app.constants.ts';
import { FREE_MONTHLY_SEARCHES, TRIAL_DAYS, type PlanDefinition, type PlanId } from '#shared/plans/plans.constants.ts';
import { PRICING_FAQ } from '#shared/plans/plans-faq.ts';
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

/** The sales address in an answer becomes a mail link. */
function FaqAnswer({ text }: { text: string }) {
  const [before, ...after] = text.split(SALES_EMAIL);
  if (after.length === 0) return <>{text}</>;
  return (
    <>
      {before}
      <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>
      {after.join(SALES_EMAIL)}
    </>
  );
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
        {PRICING_FAQ.map((entry) => (
          <div key={entry.id} id={entry.id} className="scroll-mt-20">
            <h3>{entry.question}</h3>
            <p>
              <FaqAnswer text={entry.answer} />
            </p>
          </div>
        ))}
      </section>
    </ContentPage>
  );
}

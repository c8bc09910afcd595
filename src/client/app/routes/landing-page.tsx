import { BarChart3, Brain, Share2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { SALES_EMAIL } from '#shared/app/app.constants.ts';
import { FREE_MONTHLY_SEARCHES, TRIAL_DAYS, type PlanDefinition } from '#shared/plans/plans.constants.ts';
import { PlanCards, type PlanCta } from '#client/components/marketing/plan-cards.tsx';
import { ComingSoon } from '#client/components/marketing/plan-feature.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { FEATURES_SECTION_ID, paths } from '#client/config/paths.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

// docs/product/screens.md landing page. A first visit to / gets it as HTML rendered at build time (ADR 041), and
// the app loads when the visitor reaches for a control; it stays light anyway: no Radix, no charts.

const FEATURES = [
  {
    title: 'AI-Powered Analysis',
    icon: Brain,
    isComingSoon: false,
    text: 'Describe a market and the engine looks for segments with real demand and few existing solutions, using the YC company directory, O*NET occupations and tasks, and BLS employment projections.',
  },
  {
    title: 'Detailed Market Insights',
    icon: BarChart3,
    isComingSoon: false,
    text: 'Every opportunity comes with innovation, feasibility and market scores and the evidence behind them: the competitors found, how many failed, and how large and fast-growing the demand is.',
  },
  {
    title: 'Export & Share',
    icon: Share2,
    text: 'Save the opportunities worth pursuing, download an analysis as a PDF report or a CSV, and share it with a read-only link anyone can open. Sharing with your team is being built.',
    isComingSoon: false,
  },
] as const;

/** The footer's "Features" arrives as /#features from another page: scroll there once the page has painted. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

function landingCta(plan: PlanDefinition): PlanCta {
  if (plan.id === 'enterprise') return { label: 'Contact Sales', href: `mailto:${SALES_EMAIL}`, isExternal: true };
  if (plan.id === 'pro') return { label: `Start ${TRIAL_DAYS}-Day Free Trial`, href: paths.register.href() };
  return { label: 'Get Started Free', href: paths.register.href() };
}

/** Also written into the pre-rendered landing.html's <head> at build time (landing/render-landing.tsx). */
export const LANDING_META = {
  title: "Unbuilt — Discover What's Still Unbuilt",
  description:
    'Find market gaps backed by evidence: Unbuilt compares what people need (O*NET, BLS) with what startups already build (YC directory) and shows its working.',
} as const;

export function LandingPage() {
  usePageMeta(LANDING_META.title, LANDING_META.description);
  useScrollToHash();
  return (
    <>
      <section aria-labelledby="hero-title" className="px-4 pt-16 pb-20 text-center sm:pt-24">
        <div className="mx-auto max-w-3xl">
          <p className="mx-auto mb-4 w-fit rounded-full border px-3 py-1 text-sm text-muted-foreground">
            Market-gap discovery from public evidence
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-6xl">
            Discover What&apos;s Still <span className="text-primary">Unbuilt</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Unbuilt compares what startups already build with what people and businesses need, to find needs that few
            products serve yet — and shows you the evidence behind every score, so you can judge an opportunity before
            you build it.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={paths.register.href()} className={buttonVariants({ size: 'lg' })}>
              Start Finding Gaps
            </Link>
            <a href={`#${FEATURES_SECTION_ID}`} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              See How It Works
            </a>
          </div>
        </div>
      </section>

      <section
        id={FEATURES_SECTION_ID}
        aria-labelledby="features-title"
        className="scroll-mt-16 bg-muted/40 px-4 py-16"
      >
        <div className="mx-auto max-w-6xl">
          <h2 id="features-title" className="text-center text-3xl font-bold">
            From a hunch to an evidence-backed opportunity
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ title, icon: Icon, text, isComingSoon }) => (
              <li key={title} className="rounded-xl border bg-card p-6 text-card-foreground">
                <Icon aria-hidden="true" className="size-8 text-primary" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                {isComingSoon ? <ComingSoon /> : null}
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-muted-foreground">
            Our data is a sample, not the whole market: when Unbuilt finds no competitor in its data, that never means
            there are none. Every analysis says how confident it is and why.
          </p>
        </div>
      </section>

      <section aria-labelledby="pricing-title" className="px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="pricing-title" className="text-center text-3xl font-bold">
            Simple, transparent pricing
          </h2>
          <p className="mt-3 text-center text-muted-foreground">
            Start free. Try Pro free for {TRIAL_DAYS} days — no credit card required.
          </p>
          <div className="mt-10">
            <PlanCards ctaFor={landingCta} />
          </div>
          <p className="mt-6 text-center text-sm">
            <Link
              to={paths.pricing.href()}
              className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline"
            >
              Compare plans in detail
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="bg-primary px-4 py-16 text-center text-primary-foreground">
        <div className="mx-auto max-w-2xl">
          <h2 id="cta-title" className="text-3xl font-bold">
            Ready to find your next opportunity?
          </h2>
          <p className="mt-3 opacity-90">
            Run {FREE_MONTHLY_SEARCHES} searches a month for free and see the evidence for yourself.
          </p>
          <Link
            to={paths.register.href()}
            className={buttonVariants({
              size: 'lg',
              variant: 'secondary',
              className: 'mt-8 bg-background text-foreground hover:bg-background/90',
            })}
          >
            Start Finding Gaps
          </Link>
        </div>
      </section>
    </>
  );
}

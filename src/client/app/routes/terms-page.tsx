import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '#shared/app/app.constants.ts';
import { FREE_MONTHLY_SEARCHES, MONEY_BACK_DAYS, TRIAL_DAYS } from '#shared/plans/plans.constants.ts';
import { ContentPage } from '#client/components/marketing/content-page.tsx';
import { paths } from '#client/config/paths.ts';

export function TermsPage() {
  return (
    <ContentPage
      title="Terms of Service"
      description="The terms for using Unbuilt: what an analysis is and is not, plans, trials and refunds, acceptable use and liability."
      lead="The agreement between you and Unbuilt when you use the service. Please read the section on what an analysis is."
      updated="22 November 2026"
    >
      <section aria-labelledby="terms-service">
        <h2 id="terms-service">The service</h2>
        <p>
          Unbuilt analyses markets you describe and returns opportunities scored from public data: the Y Combinator
          company directory, O*NET, BLS employment projections and NAICS. You need an account to run searches; you must
          give a real e-mail address and keep your password to yourself. You are responsible for what happens under your
          account.
        </p>
      </section>

      <section aria-labelledby="terms-analysis">
        <h2 id="terms-analysis">What an analysis is — and is not</h2>
        <ul>
          <li>
            An analysis is decision support built from a sample of public data. It is not financial, legal or investment
            advice, and not a promise that a market exists or that a product will succeed.
          </li>
          <li>
            “Not found in our data” never means “no competitors”. You are responsible for your own research before you
            invest time or money.
          </li>
          <li>
            Text written with a language model can be wrong; competitors it names that our data cannot confirm are
            marked unverified.
          </li>
          <li>The data sources keep their own licences; attributions are shown with the evidence.</li>
        </ul>
      </section>

      <section aria-labelledby="terms-plans">
        <h2 id="terms-plans">Plans, trials and refunds</h2>
        <p>
          The Free plan includes {FREE_MONTHLY_SEARCHES} searches per calendar month. Pro is billed monthly; Enterprise
          is agreed with our team. The {TRIAL_DAYS}-day Pro trial is available once per account and needs no card; when
          it ends your account returns to Free unless you subscribe. You can cancel a paid plan at any time, and every
          paid plan has a {MONEY_BACK_DAYS}-day money-back guarantee. Current prices are on the{' '}
          <Link to={paths.pricing.href()}>pricing page</Link>. Limits are enforced by our servers.
        </p>
      </section>

      <section aria-labelledby="terms-use">
        <h2 id="terms-use">Acceptable use</h2>
        <ul>
          <li>
            Do not try to get around plan limits, rate limits or access controls, or use another person's account.
          </li>
          <li>Do not scrape the service or resell analyses as a data feed without an Enterprise agreement.</li>
          <li>Do not use the service to harass anyone or for anything unlawful.</li>
        </ul>
        <p>We may suspend accounts that break these rules, after telling you why where we can.</p>
      </section>

      <section aria-labelledby="terms-yours">
        <h2 id="terms-yours">Your content</h2>
        <p>
          Your queries, saved results and notes stay yours. You let us store and process them to run the service for
          you, as described in our <Link to={paths.privacy.href()}>Privacy Policy</Link>. Anything you share by link can
          be seen by anyone who has the link until you revoke it.
        </p>
      </section>

      <section aria-labelledby="terms-liability">
        <h2 id="terms-liability">Availability and liability</h2>
        <p>
          We work to keep Unbuilt available and correct, but provide it “as is”. To the extent the law allows, our
          liability for any claim is limited to the amount you paid us in the twelve months before it.
        </p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">Changes and contact</h2>
        <p>
          If we change these terms in a way that matters, we will tell you by e-mail before the change applies.
          Questions: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>
    </ContentPage>
  );
}

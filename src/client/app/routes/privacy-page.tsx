import { AUTH_STORAGE_KEY, SUPPORT_EMAIL, THEME_STORAGE_KEY } from '#shared/app/app.constants.ts';
import { ANALYTICS_RETENTION_MONTHS } from '#shared/analytics/analytics.constants.ts';
import { FREE_HISTORY_DAYS } from '#shared/plans/plans.constants.ts';
import { ContentPage } from '#client/components/marketing/content-page.tsx';

export function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy Policy"
      description="What Unbuilt stores about you — account, hashed password, searches and results, security logs — why, for how long, and who else sees it."
      lead="What we store about you, why, and what we never collect. Plain language, no surprises."
      updated="23 November 2026"
    >
      <section aria-labelledby="privacy-stored">
        <h2 id="privacy-stored">What we store</h2>
        <ul>
          <li>
            <strong>Your account:</strong> e-mail address, name, plan and subscription status, trial dates, preferences,
            and the date of your last password change.
          </li>
          <li>
            <strong>Your password, hashed:</strong> we store only an Argon2id hash, never the password itself. To stop
            you reusing recent passwords we keep the hashes of your previous five.
          </li>
          <li>
            <strong>Your searches and results:</strong> the text of each query, the filters you used, the opportunities
            returned with their evidence, and which ones you saved. Free accounts see the last {FREE_HISTORY_DAYS} days
            of history; the older searches are kept until you ask us to delete them.
          </li>
          <li>
            <strong>Security records:</strong> sign-ins, failed sign-in attempts, password changes and resets, with the
            IP address and browser description (user agent) of the request, in an audit log. Sessions are tracked with
            refresh-token records that hold a hash of the token, its expiry, and the device and IP address it was issued
            to.
          </li>
          <li>
            <strong>Product analytics events:</strong> when you run a search, save a result, export, share, create an
            action plan or view an upgrade page, we record which of these happened, when, your browser&apos;s user agent
            and your sign-in session id, and ids or counts about it (never the text of your searches, and not your IP
            address). If you opt out of analytics in your account settings, no event is recorded for your account from
            that moment. &ldquo;Delete my analytics data&rdquo; on the Analytics page deletes every event recorded for
            your account. Events older than {ANALYTICS_RETENTION_MONTHS} months are deleted automatically by a scheduled
            task.
          </li>
          <li>
            <strong>Payments:</strong> the payment provider's customer and subscription identifiers. Card details go
            straight to the payment provider; Unbuilt never receives or stores a card number.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-browser">
        <h2 id="privacy-browser">What your browser keeps</h2>
        <ul>
          <li>
            One HttpOnly cookie holding your refresh token, sent only to our sign-in endpoints so you stay signed in. It
            is removed when you sign out.
          </li>
          <li>
            Local storage: <code>{AUTH_STORAGE_KEY}</code> (your profile and current access token),{' '}
            <code>{THEME_STORAGE_KEY}</code> (light, dark or system theme) and the times you dismissed upgrade prompts.
          </li>
          <li>
            No advertising or third-party analytics trackers are loaded on any page: the analytics events above are
            recorded by our own server.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-ai">
        <h2 id="privacy-ai">Analyses and language models</h2>
        <p>
          By default every analysis runs entirely on our server, and nothing about your query leaves it. When the
          service is configured to use a language-model provider for writing, your query and the evidence selected for
          it are sent to that provider to write the text of the result. Each result shows whether its text was written
          offline or by a language model.
        </p>
      </section>

      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">How we use it</h2>
        <ul>
          <li>To run the service: your account, searches, plan limits and billing.</li>
          <li>
            To protect accounts: detecting repeated failed sign-ins, locking attacked accounts, and investigating
            suspicious activity.
          </li>
          <li>To send e-mail you asked for, such as password-reset links.</li>
          <li>
            To e-mail you about your teams — mentions, replies, shares — as often as you choose in Settings (weekly by
            default). Every such e-mail has an unsubscribe link that works without signing in.
          </li>
        </ul>
        <p>We do not sell your data, and we do not use your searches to train models.</p>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Your choices</h2>
        <p>
          You can change your name and password in your account settings. To get a copy of your data or have your
          account and searches deleted, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the
          address on your account. Security records may be kept for a limited time after deletion where we need them to
          investigate abuse.
        </p>
      </section>
    </ContentPage>
  );
}

import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '#shared/app/app.constants.ts';
import { FREE_HISTORY_DAYS, FREE_MONTHLY_SEARCHES, TRIAL_DAYS } from '#shared/plans/plans.constants.ts';
import { ContentPage } from '#client/components/marketing/content-page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { HelpArticles } from '#client/features/help/components/help-articles.tsx';
import { useShortcutsStore } from '#client/lib/shortcuts-store.ts';

export function HelpPage() {
  const openShortcuts = useShortcutsStore((state) => state.setOpen);
  return (
    <ContentPage
      title="Help & Docs"
      description="How to run a market-gap search on Unbuilt, read its scores and evidence, use filters and presets, and what the plans include."
      lead="Everything you need to run a search, read the result and judge how far to trust it."
    >
      <HelpArticles />

      <nav aria-labelledby="help-contents">
        <h2 id="help-contents" className="text-lg!">
          On this page
        </h2>
        <ul>
          <li>
            <a className={textLinkClass} href="#getting-started">
              Getting started
            </a>
          </li>
          <li>
            <a className={textLinkClass} href="#searching">
              Writing a good search
            </a>
          </li>
          <li>
            <a className={textLinkClass} href="#reading">
              Reading a result
            </a>
          </li>
          <li>
            <a className={textLinkClass} href="#limits">
              Plans and limits
            </a>
          </li>
          <li>
            <a className={textLinkClass} href="#shortcuts">
              Keyboard shortcuts
            </a>
          </li>
          <li>
            <a className={textLinkClass} href="#support">
              Getting support
            </a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="getting-started">
        <h2 id="getting-started">Getting started</h2>
        <p>
          <Link to={paths.register.href()}>Create an account</Link> with your e-mail address and a password, then type a
          market into the search bar on the Discover page and press Enter. An analysis takes a few seconds and returns
          up to eight opportunities, each with scores, competitors and the evidence behind them. Every search is kept in
          your history, and you can save the opportunities you want to come back to.
        </p>
      </section>

      <section aria-labelledby="searching">
        <h2 id="searching">Writing a good search</h2>
        <ul>
          <li>
            Name both <strong>what</strong> and <strong>for whom</strong>: “inventory software for independent bakeries”
            gives the engine an offering and a customer to look for; “food” gives it neither.
          </li>
          <li>Use plain words a customer would use. The engine adds synonyms, so you do not need to list them.</li>
          <li>
            Narrow a search with filters: categories, ranges for innovation, market size and feasibility, market
            potential, dates and keywords. The presets High Innovation, Large Markets, Easy to Build and Trending Now
            set common combinations in one click.
          </li>
          <li>
            If a query is too vague or outside our data, you get an “insufficient data” answer with low confidence
            instead of a guess.
          </li>
        </ul>
      </section>

      <section aria-labelledby="reading">
        <h2 id="reading">Reading a result</h2>
        <p>
          Scores run from 0 to 100 and rank opportunities within and across your searches. Each one can be expanded to
          show its inputs.
        </p>
        <ul>
          <li>
            <strong>Innovation</strong> is higher where few companies in our data serve the same customer with the same
            offering, and where earlier attempts were few.
          </li>
          <li>
            <strong>Market size</strong> comes from the number of people employed in the occupations the opportunity
            serves and their projected growth (BLS 2023–2033, O*NET).
          </li>
          <li>
            <strong>Feasibility</strong> is lowered by signs that a product is hard to build or sell: hardware,
            regulated industries, two-sided marketplaces.
          </li>
          <li>
            <strong>Confidence</strong> says how much evidence supports the result. It is capped when the analysis ran
            on the small built-in sample instead of the full datasets.
          </li>
          <li>
            <strong>Competitors</strong> are companies from the YC directory with their status (active, inactive,
            acquired). A competitor marked <em>unverified</em> was suggested by the AI writer and could not be confirmed
            in our data.
          </li>
        </ul>
        <p>
          <strong>“Not found in our data” never means “no competitors”.</strong> The YC directory is a sample of
          venture-backed startups; check for established businesses yourself. Each result also says whether its text was
          written offline or by a language model — the numbers always come from the engine.
        </p>
      </section>

      <section aria-labelledby="limits">
        <h2 id="limits">Plans and limits</h2>
        <p>
          Free accounts can run {FREE_MONTHLY_SEARCHES} searches per calendar month and see the last {FREE_HISTORY_DAYS}{' '}
          days of history. Pro removes both limits; you can try it free for {TRIAL_DAYS} days without a card. See{' '}
          <Link to={paths.pricing.href()}>Pricing</Link> for everything each plan includes.
        </p>
      </section>

      <section aria-labelledby="shortcuts">
        <h2 id="shortcuts">Keyboard shortcuts</h2>
        <p>
          Press <kbd>Ctrl</kbd> + <kbd>K</kbd> (<kbd>⌘</kbd> + <kbd>K</kbd> on a Mac) to jump to the search field, and{' '}
          <kbd>?</kbd> to see every shortcut.
        </p>
        <Button variant="outline" className="mt-3" onClick={() => openShortcuts(true)}>
          Show keyboard shortcuts
        </Button>
      </section>

      <section aria-labelledby="support">
        <h2 id="support">Getting support</h2>
        <p>
          Forgot your password? Use “Forgot your password?” on the <Link to={paths.login.href()}>sign-in page</Link> and
          we will e-mail you a link that works once, for 30 minutes. For anything else, write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and include the search or page you were on.
        </p>
      </section>
    </ContentPage>
  );
}

import { Link } from 'react-router';
import { FREE_MONTHLY_SEARCHES } from '#shared/plans/plans.constants.ts';
import { ContentPage } from '#client/components/marketing/content-page.tsx';
import { paths } from '#client/config/paths.ts';

// /documentation: the user guide (the flows, by the screens' names) and the data and method
// documentation. The score formulas are written out in the help article "How the scores are computed",
// generated from the rubric's own constants; this page links to it rather than copying numbers.

const helpArticle = (slug: string) => `${paths.help.href()}?article=${slug}`;

export function DocumentationPage() {
  return (
    <ContentPage
      title="Documentation"
      description="The Unbuilt user guide and the documentation of its data and methods."
      lead="How to use each screen, and exactly where every number comes from."
    >
      <nav aria-labelledby="doc-contents">
        <h2 id="doc-contents" className="text-lg!">
          Contents
        </h2>
        <ul>
          <li>
            <a href="#guide" className="inline-flex min-h-11 min-w-11 items-center">
              User guide
            </a>
          </li>
          <li>
            <a href="#data" className="inline-flex min-h-11 min-w-11 items-center">
              Data
            </a>
          </li>
          <li>
            <a href="#method" className="inline-flex min-h-11 min-w-11 items-center">
              Method
            </a>
          </li>
          <li>
            <a href="#versions" className="inline-flex min-h-11 min-w-11 items-center">
              Versions and reproducibility
            </a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="guide">
        <h2 id="guide">User guide</h2>
        <h3>Discover: run a search</h3>
        <p>
          On <Link to={paths.home.href()}>Discover</Link> type a market as “what for whom” and press Enter. The filter
          panel beside the search bar narrows categories, score ranges, market potential, dates and keywords; the
          presets High Innovation, Large Markets, Easy to Build and Trending Now set common combinations. Free accounts
          run {FREE_MONTHLY_SEARCHES} searches a month.
        </p>
        <h3>Results and a single opportunity</h3>
        <p>
          The results page lists the opportunities in order of their 0–100 opportunity score. Open one to see its
          scores, competitors, the demand figures and “How this was computed”, the list of evidence each score used.
          Save keeps an opportunity under <Link to={paths.saved.href()}>Saved</Link>; every search stays in{' '}
          <Link to={paths.history.href()}>History</Link>, where Re-run repeats it (and spends a search).
        </p>
        <h3>Saved and projects</h3>
        <p>On Saved, projects group analyses you want to keep together, with tags and an archive switch.</p>
        <h3>Resource library, bookmarks and contributions</h3>
        <p>
          The <Link to={paths.resources.href()}>Resource library</Link> lists free guides, templates, tools and public
          data sources by phase. Open one to read who publishes it, bookmark it with a note and your own tags (see{' '}
          <Link to={paths.bookmarks.href()}>Bookmarks</Link>), rate it and review it. Suggest a missing resource under{' '}
          <Link to={paths.contributions.href()}>Contributions</Link>; a reviewer approves or rejects it and you are told
          which.
        </p>
        <h3>Settings</h3>
        <p>
          <Link to={paths.account.href()}>Settings</Link> holds the theme, accessibility options, analytics opt-out,
          keyboard shortcuts (change or turn off each one) and your sessions. The product tour can be replayed from the{' '}
          <Link to={paths.help.href()}>Help page</Link>.
        </p>
      </section>

      <section aria-labelledby="data">
        <h2 id="data">Data</h2>
        <ul>
          <li>
            <strong>Y Combinator startup directory</strong> — about 5,700 companies with their one-liner, description,
            tags, industry, batch and status. Used for competitors, founder interest and entry trends. It is a sample of
            venture-backed startups: most bootstrapped, local and large incumbent companies are not in it.
          </li>
          <li>
            <strong>O*NET</strong> (U.S. Department of Labor) — occupations, their reported titles, task statements and
            the software used in each. Used to find who the customers or workers are, their jobs to be done, and the
            incumbent software.
          </li>
          <li>
            <strong>BLS Employment Projections 2023–2033</strong> — employment, projected growth and wages per
            occupation. Used for demand size and growth. U.S. only; counts workers, not spending.
          </li>
          <li>
            <strong>NAICS</strong> — industry codes, used to name the industries an occupation works in.
          </li>
        </ul>
        <p>
          What an analysis does not include: revenue, prices, web traffic or non-U.S. demand. The resource library lists
          the public sources that help fill those in (Census business statistics, BLS wage data, O*NET OnLine). See{' '}
          <Link to={helpArticle('data-sources')}>Where the data comes from</Link>.
        </p>
      </section>

      <section aria-labelledby="method">
        <h2 id="method">Method</h2>
        <ol>
          <li>
            <strong>Parse</strong> the query into an offering, a customer segment and a job (the offering without form
            words such as “software”). Besides its own words, the query is searched with WordNet synonyms and with the
            <strong> Unbuilt market vocabulary</strong>: a list, written by the team and not tuned to any query, that
            maps a founder’s words for a need to the words startups use for the category (“crash” → “observability”,
            “booking” → “scheduling”). Both appear in an analysis’s evidence as the words searched as well.
          </li>
          <li>
            <strong>Retrieve</strong> companies by meaning (sentence vectors) and words (BM25), scoring every company so
            an empty competitor list means the whole directory was searched.
          </li>
          <li>
            <strong>Abstain</strong> when the query is too far from the data: an “insufficient data” answer instead of
            invented opportunities, and no search is counted.
          </li>
          <li>
            <strong>Measure</strong> each opportunity into an evidence list: its companies, the demand occupation with
            its employment and growth, the software already used, risk flags, and how well each matches the query.
          </li>
          <li>
            <strong>Score</strong> with the versioned rubric from that evidence alone — see{' '}
            <Link to={helpArticle('how-scores-are-computed')}>How the scores are computed</Link> for every formula and
            weight, and <Link to={helpArticle('confidence-and-insufficient-data')}>Confidence</Link>.
          </li>
          <li>
            <strong>Compose</strong> the text from the same evidence, offline or with a language model that may only
            word the facts; names the model adds are checked against the directory.
          </li>
        </ol>
      </section>

      <section aria-labelledby="versions">
        <h2 id="versions">Versions and reproducibility</h2>
        <p>
          Every analysis stores the corpus version, the rubric version and how its text was composed, so its numbers can
          be recomputed from its evidence and the same query on the same data gives the same answer. “How this was
          computed” on each result shows these versions.
        </p>
      </section>
    </ContentPage>
  );
}

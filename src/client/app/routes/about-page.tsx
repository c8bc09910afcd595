import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '#shared/app/app.constants.ts';
import { ContentPage } from '#client/components/marketing/content-page.tsx';
import { paths } from '#client/config/paths.ts';

export function AboutPage() {
  return (
    <ContentPage
      title="About Unbuilt"
      description="How Unbuilt finds market gaps: public evidence from the YC company directory, O*NET and BLS, a published scoring rubric, and honest limits."
      lead="Unbuilt helps founders find needs that few products serve yet — and shows the evidence, so a gap is something you can check, not something you are told."
    >
      <section aria-labelledby="about-why">
        <h2 id="about-why">Why we built it</h2>
        <p>
          Most “idea generators” produce confident paragraphs with numbers nobody can trace. A founder cannot tell a
          real opening from a plausible-sounding guess. Unbuilt takes the opposite approach: every score it shows is
          computed from records it stores beside the result, and you can open those records.
        </p>
      </section>

      <section aria-labelledby="about-how">
        <h2 id="about-how">How an analysis is made</h2>
        <ul>
          <li>
            <strong>Understand the question.</strong> Your query is split into what is offered and to whom (for example
            “scheduling software” × “dental clinics”), with synonyms from WordNet, plus any filters you set.
          </li>
          <li>
            <strong>Find who already serves it.</strong> The engine searches the Y Combinator company directory for
            companies that match both the offering and the customer, and for neighbouring markets.
          </li>
          <li>
            <strong>Measure the market.</strong> For each candidate it counts competitors, how many of them are inactive
            or were acquired, how entry into the space changed over time, how many people work in the occupations it
            serves and how fast that is projected to grow (BLS Employment Projections 2023–2033, O*NET occupations and
            tasks), which software those occupations already use (O*NET technology skills), and risk signs such as
            hardware, regulation or two-sided marketplaces.
          </li>
          <li>
            <strong>Score it with a published rubric.</strong> Innovation, market size, feasibility, confidence and
            priority are computed from those measurements with a versioned rubric. Each score lists its inputs and how
            much each one contributed.
          </li>
          <li>
            <strong>Write it up.</strong> By default an offline writer turns the evidence into text. When a large
            language model is configured, it writes the text from the same evidence — it never sets a number, and any
            competitor it names that our data cannot confirm is marked unverified.
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-claims">
        <h2 id="about-claims">What Unbuilt claims, and what it does not</h2>
        <ul>
          <li>
            Our data is a sample. The YC directory covers venture-backed startups, not every business, so{' '}
            <strong>“not found in our data” never means “no competitors”</strong>. Always look for incumbents yourself
            before you build.
          </li>
          <li>
            O*NET and BLS describe occupations in the United States; demand figures for other countries are not covered.
          </li>
          <li>
            When a query is too vague or too far from our data, Unbuilt says there is insufficient data and gives a low
            confidence instead of inventing an answer.
          </li>
          <li>
            Scores rank opportunities against each other. They are not forecasts of revenue or success, and nothing on
            Unbuilt is financial, legal or investment advice.
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-sources">
        <h2 id="about-sources">Data sources</h2>
        <ul>
          <li>Y Combinator public company directory (company names, one-liners, tags, batch, status).</li>
          <li>
            O*NET 29.3 Database by the U.S. Department of Labor, Employment and Training Administration (CC BY 4.0).
          </li>
          <li>U.S. Bureau of Labor Statistics, Employment Projections 2023–2033 (public domain).</li>
          <li>North American Industry Classification System (NAICS) 2017, for industry context.</li>
          <li>WordNet 3.1, Princeton University, for synonyms.</li>
        </ul>
        <p>Each analysis records which version of this data and of the scoring rubric produced it.</p>
      </section>

      <section aria-labelledby="about-contact">
        <h2 id="about-contact">Get in touch</h2>
        <p>
          Questions, corrections to our data, or ideas: write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          . Read how to use the product in <Link to={paths.help.href()}>Help &amp; Docs</Link>, or{' '}
          <Link to={paths.pricing.href()}>compare the plans</Link>.
        </p>
      </section>
    </ContentPage>
  );
}

import {
  FREE_HISTORY_DAYS,
  FREE_MONTHLY_EXPORTS,
  FREE_MONTHLY_SEARCHES,
  FREE_SEARCHES_PER_MINUTE,
  PAID_SEARCHES_PER_MINUTE,
  PLANS,
  SEARCHES_IN_FLIGHT_PER_USER,
  TRIAL_DAYS,
  USAGE_WARNING_AT,
} from '#shared/plans/plans.constants.ts';
import { COMPANY_NAME_MAX, LOGO_MAX_BYTES } from '#shared/exports/branding.schemas.ts';
import { MIN_ACCENT_CONTRAST } from '#shared/exports/contrast.ts';
import { DAY_MS, MINUTE_MS } from '#shared/app/time.constants.ts';
import { RESET_TOKEN_TTL_MS } from '#shared/auth/auth.schemas.ts';
import { INVITATION_TTL_MS, TEAM_LIMITS } from '#shared/teams/teams.constants.ts';
import { RUBRIC_VERSION } from '../../engine/pipeline/rubric.ts';

// Help articles about this product, seeded on start (upserted by slug). The numbers come from the
// same constants the product runs on (plans, rubric version), so an article cannot drift from them.
// Format: paragraphs separated by a blank line; lines starting with "- " are list items; a line
// starting with "## " is a sub-heading.

export type SeedArticle = {
  slug: string;
  title: string;
  summary: string;
  /** The page the article helps with (a route pattern), or null for a general article. */
  context: string | null;
  category: string;
  tags: string[];
  related: string[];
  content: string;
};

export const SEED_ARTICLES: SeedArticle[] = [
  {
    slug: 'run-your-first-search',
    title: 'Run your first market-gap search',
    summary: 'Type a market as “what for whom”, press Enter, and read the ranked opportunities.',
    context: '/',
    category: 'Getting started',
    tags: ['search', 'filters', 'presets'],
    related: ['how-scores-are-computed', 'filters-and-presets'],
    content: `On the Discover page, type the market you are curious about into the search bar and press Enter (or the Search button). Ctrl+K (⌘K on a Mac) puts the cursor in the search field from anywhere on the page.

## Write what and for whom
Name the offering and the customer: “scheduling software for dental clinics” gives the engine an offering (scheduling software) and a segment (dental clinics) to look for. A single broad word such as “food” gives it neither, and the answer will say the data is insufficient rather than guess.

## How your words are read
Words that only tell the need (“trying to”, “even though”, “on Saturday mornings”) are not searched. A word the startup directory never uses is read in the spelling it does use, and a note above the results says so: a British spelling (“licence” as “license”), a slip of one letter (“shiping” as “shipping”), a plural the directory writes in the singular, or two words run together (“carwash” as “car wash”). A word you type with a capital letter is taken as a name and is never corrected.

## What you get
- Up to eight opportunities, ranked by a 0–100 opportunity score, each with innovation, market size, feasibility and confidence scores.
- The competitors found in the startup directory, with their status (active, inactive, acquired).
- The evidence behind every number, under “How this was computed”.

Every search is kept in History; save the opportunities you want to return to with Save.`,
  },
  {
    slug: 'filters-and-presets',
    title: 'Filters and presets',
    summary: 'Narrow a search by category, score ranges, market potential, dates and keywords.',
    context: '/',
    category: 'Getting started',
    tags: ['filters', 'presets', 'search'],
    related: ['run-your-first-search'],
    content: `Open the filter panel next to the search bar. Categories and score ranges are open by default; dates and keywords are folded.

- Categories: technology, healthcare, finance, education, e-commerce, entertainment, sustainability, food & beverage, travel, real estate.
- Score ranges (0–100) for innovation, market size and feasibility.
- Market potential, a date range and keywords.

Apply runs the filters and closes the panel; Reset restores the defaults. The badge on the filter button counts the active filters, and each shows as a chip you can remove. The presets High Innovation, Large Markets, Easy to Build and Trending Now set common combinations in one click.`,
  },
  {
    slug: 'how-scores-are-computed',
    title: 'How the scores are computed',
    summary: `Every score is computed from the evidence listed with it, by a versioned rubric (${RUBRIC_VERSION}).`,
    context: '/search-result/:id',
    category: 'Scores and evidence',
    tags: ['scores', 'rubric', 'opportunity score', 'innovation', 'feasibility', 'market size', 'confidence'],
    related: ['what-the-evidence-means', 'data-sources', 'confidence-and-insufficient-data'],
    content: `No score is typed in by a person or invented by a language model: each is computed by the scoring rubric from the evidence shown under the opportunity, so anyone holding that evidence gets the same number. The rubric has a version (now ${RUBRIC_VERSION}), stored with every analysis.

## Opportunity score (0–100)
Opportunity = 5 × (importance + max(importance − satisfaction, 0)). Both parts run from 0 to 10.
- Importance = 10 × (0.45 × demand size + 0.25 × demand growth + 0.30 × market interest).
- Demand size: U.S. employment in the occupation the opportunity serves, on a log scale (1,000 people → 0, 10 million → 1).
- Demand growth: the projected employment change 2023–2033 (−5 % → 0, +20 % → 1).
- Market interest: how many companies in the directory match the query, on a log scale (99 companies → 1).
- Satisfaction = 10 × (0.7 × active competitors + 0.3 × incumbent software). Active competitors saturate (1 − e^(−active/5)); incumbent software counts the products O*NET lists for that work.
A market that matters and is poorly served scores highest.

## Innovation, market size, feasibility
- Innovation = 45 % white space (fewer companies in the cell) + 35 % entry trend (recent entries compared with the whole directory) + 20 % few incumbent tools.
- Market size = 55 % demand size + 25 % demand growth + 20 % founder interest.
- Feasibility = 50 % low structural risk (hardware, regulated, two-sided marketplace flags carried by at least a third of the competitors) + 30 % survival (share not shut down; an acquisition is an exit, not a failure) + 20 % share of attempts still operating.

## Market potential and priority
Market potential averages market size and the opportunity score (≥ 75 very high, ≥ 55 high, ≥ 35 medium, otherwise low). Priority weighs the opportunity score 60 % and feasibility 40 % (≥ 60 high, ≥ 40 medium, otherwise low).

Expand any score on a result to see its factors, their weights, their contributions and the evidence each one used.`,
  },
  {
    slug: 'confidence-and-insufficient-data',
    title: 'Confidence, and when we answer “insufficient data”',
    summary: 'How much evidence supports a result, and why a vague query gets no guess.',
    context: '/search-result/:id',
    category: 'Scores and evidence',
    tags: ['confidence', 'insufficient data', 'abstain'],
    related: ['how-scores-are-computed', 'data-sources'],
    content: `Confidence (0–100) says how much evidence stands behind a result: 35 % how many companies support the cell (eight or more count fully), 25 % how well those companies match your query, 25 % how well the demand occupation matches, and 15 % whether the analysis ran on the full public datasets. On the small built-in sample corpus, confidence is capped at 30.

When a query has no content words, sits far from everything in the directory, or too few of its words appear in any company's description, the engine does not invent opportunities: it answers “insufficient data” and explains why. Such an answer does not use up a search.`,
  },
  {
    slug: 'what-the-evidence-means',
    title: 'Reading the evidence behind a result',
    summary: 'Companies, occupations, software and risk flags: what each evidence line says.',
    context: '/search-result/:id',
    category: 'Scores and evidence',
    tags: ['evidence', 'competitors', 'occupations'],
    related: ['how-scores-are-computed', 'data-sources'],
    content: `Each opportunity lists the evidence its scores were computed from.

- Companies: startups from the directory that serve this need, with their status and batch date. An empty list means the whole directory was searched and nothing close enough was found — white space in our data, not proof that nobody does it.
- Demand occupation: the occupation whose workers are the customers or do the job, with U.S. employment, projected growth and wage (BLS), cited only when one of its titles shares a word with your query.
- Job: an opportunity beyond your query's own is one of those workers' tasks as O*NET states it. When your query names software (an app, a platform, AI), tasks that are only bodily work — cleaning, lifting, driving, repairing machines — are never offered as jobs: software does not do them.
- Software already used in this work: products O*NET lists for that occupation (very common office software is left out, and so is a specialist product of another industry: dental practice software is not listed for a consulting firm's office staff).
- Risk flags: hardware, regulated industry or two-sided marketplace signals found in the competitors' descriptions.

Competitor names a language model adds are checked against the directory and dropped when they cannot be confirmed.`,
  },
  {
    slug: 'data-sources',
    title: 'Where the data comes from, and what it does not cover',
    summary: 'The YC startup directory, O*NET, BLS employment projections and NAICS — and their limits.',
    context: '/search-result/:id',
    category: 'Data sources',
    tags: ['data sources', 'yc', 'onet', 'bls', 'naics', 'coverage'],
    related: ['how-scores-are-computed', 'what-the-evidence-means'],
    content: `## What we use
- The Y Combinator startup directory (about 5,700 companies: name, one-liner, description, tags, industry, batch and status), for competitors, founder interest and entry trends.
- O*NET (U.S. Department of Labor): occupations, their reported titles, task statements and the technology (software) used in each, for demand and incumbent software.
- BLS Employment Projections 2023–2033: employment, projected growth and wages per occupation, for demand size and growth.
- NAICS industry codes, to name the industries an occupation works in.

## What it does not cover
- The directory is a sample of venture-backed startups. Bootstrapped companies, agencies, local businesses and large incumbents are mostly absent, so “no competitors found” means none in this directory.
- Employment figures are U.S. only and measure workers, not companies or spending; they size demand from people who do the work.
- There is no revenue, pricing or web-traffic data in an analysis. Use the public data sources in the resource library (Census County Business Patterns, Statistics of U.S. Businesses, BLS OEWS) to size a market in dollars.

Without the full datasets installed, the server runs on a small sample corpus; results then say so and confidence is capped at 30.`,
  },
  {
    slug: 'plans-and-quotas',
    title: 'Plans, searches and quotas',
    summary: `Free includes ${FREE_MONTHLY_SEARCHES} searches a month; Pro and Enterprise are unlimited.`,
    context: '/pricing',
    category: 'Plans and billing',
    tags: ['plans', 'quota', 'pricing', 'trial', 'limits'],
    related: ['privacy-and-your-data'],
    content: `- ${PLANS.free.name}: ${FREE_MONTHLY_SEARCHES} searches per calendar month and ${FREE_HISTORY_DAYS} days of search history. The header warns you from ${USAGE_WARNING_AT} searches used.
- ${PLANS.pro.name} ($${PLANS.pro.monthlyPriceUsd} a month): unlimited searches and history, collaboration, custom reports and the Pro resources in the library.
- ${PLANS.enterprise.name} ($${PLANS.enterprise.monthlyPriceUsd} a month): everything in Pro plus team management and REST API access (white-label options are coming soon).

A ${TRIAL_DAYS}-day Pro trial is available once per account, without a credit card.

## What counts as a search
A search is counted when it returns opportunities. An “insufficient data” answer or an empty result does not count. To keep the service responsive, one account can run ${SEARCHES_IN_FLIGHT_PER_USER} searches at once, and at most ${FREE_SEARCHES_PER_MINUTE} a minute on Free (${PAID_SEARCHES_PER_MINUTE} on paid plans).`,
  },
  {
    slug: 'privacy-and-your-data',
    title: 'Privacy: what we store and how to remove it',
    summary: 'Your searches, results and account data stay yours until you delete them.',
    context: '/account',
    category: 'Privacy and data',
    tags: ['privacy', 'data', 'delete account', 'analytics'],
    related: ['plans-and-quotas'],
    content: `We store your account (e-mail, name, a password hash — never the password), your searches and their results, saved items, projects, bookmarks, ratings and suggestions. They are kept until you delete them or your account.

- Settings lets you opt out of product analytics.
- Password-reset links and sign-in tokens expire and are purged on a schedule.
- When an AI writer composes the text of a result, only the evidence of that analysis is sent to it, never your account details.

Read the full privacy policy on the Privacy page.`,
  },
  {
    slug: 'exports-and-branded-reports',
    title: 'Exports and branded reports',
    summary: 'Download PDFs, CSVs, pitch decks and bundles; put your own logo, name and colour on reports.',
    context: '/account',
    category: 'Plans and billing',
    tags: ['export', 'pdf', 'csv', 'pitch deck', 'branding', 'logo'],
    related: ['plans-and-quotas', 'data-sources'],
    content: `Every export is made on the server from what is stored: nothing is re-run and nothing is invented.

- An analysis: Download PDF (every plan), Download CSV and Download pitch deck (Pro), and Download bundle — a signed file another account can import.
- A validated idea: Download PDF on its page — the five scores with every factor and the evidence it cites, the financial scenarios, the market size and the hypotheses.
- An action plan: Download PDF on its page — each phase and task in order, with its status, dates and what it depends on.

## How many
Free accounts download ${FREE_MONTHLY_EXPORTS} exports a calendar month, whatever the kind; Pro and Enterprise are unlimited.

## Branded reports (Pro and Enterprise)
In Settings, under Report branding, set your company name (up to ${COMPANY_NAME_MAX} characters), an accent colour and a logo (PNG or JPEG, up to ${LOGO_MAX_BYTES / 1024} kB). The preview shows a report cover as it will print. Your PDFs and pitch decks then carry your logo, name and colour instead of Unbuilt. White text is printed on the accent colour, so a colour too light for it (below ${MIN_ACCENT_CONTRAST}:1 contrast) is refused with a darker shade of it to try.

The data sources stay credited on every report: the startup directory, O*NET (CC BY 4.0) and the Bureau of Labor Statistics. If you move back to Free, your branding is kept but not applied until you upgrade again.`,
  },
  {
    slug: 'teams-and-sharing',
    title: 'Teams, sharing and invitations',
    summary: 'Invite your co-founders to a team and share analyses and ideas with it or with one member.',
    context: null,
    category: 'Plans and billing',
    tags: ['teams', 'invite', 'members', 'roles', 'share', 'collaboration'],
    related: ['plans-and-quotas'],
    content: `Open Teams in the account menu to create a team, invite people by e-mail with a role (admin, member or viewer), change roles, remove members or transfer ownership. An invitation link works once and expires after ${INVITATION_TTL_MS / DAY_MS} days; anyone may accept it, whatever their own plan.

- ${PLANS.pro.name}: you may own ${TEAM_LIMITS.pro.teams} team of up to ${TEAM_LIMITS.pro.members ?? ''} people, you included (pending invitations count).
- ${PLANS.enterprise.name}: as many teams and members as you need.
- ${PLANS.free.name}: you can join teams you are invited to, but not own one or share with it.

## Sharing
On an analysis or idea page, Share with team gives a team or one member access, with what they may do (comment, edit an idea, share it further) and an expiry. Share creates a public read-only link instead. What others shared with you is under Shared with me; revoking a share or leaving the team ends access at once.`,
  },
  {
    slug: 'using-the-resource-library',
    title: 'Using the resource library',
    summary: 'Search guides, tools and data sources by phase; bookmark, rate and suggest resources.',
    context: '/resources',
    category: 'Resource library',
    tags: ['resources', 'bookmarks', 'ratings', 'contributions'],
    related: ['data-sources'],
    content: `The library collects free, well-known guides, templates, tools and public data sources for each phase of building a company: research, validation, development and launch. Each entry names its publisher and the date it was last checked.

- Search matches titles first, then descriptions, then tags; words match as prefixes (“interv” finds “interviews”).
- Filter by category, type, phase, idea type, difficulty and time; sort by relevance, rating, newest or most bookmarked.
- Bookmark a resource with a note and your own tags; find it again under Bookmarks.
- Rate a resource from 1 to 5 and write a review; mark other people's reviews as helpful.
- Suggest a resource under Contributions. An admin reviews each suggestion; you are told when it is approved or rejected.

Resources marked Pro open on paid plans; on Free you see their title and how to upgrade.`,
  },
  {
    slug: 'password-and-sign-in',
    title: 'Your password and signing in',
    summary: 'What to do when you forget your password, and how to change it in Settings.',
    context: null,
    category: 'Getting started',
    tags: ['password', 'sign in', 'account'],
    related: ['privacy-and-your-data'],
    content: `Your password is stored only as a hash: nobody at Unbuilt can read it or tell it to you, and the assistant never sees it.

## Reset a forgotten password
On the sign-in page, choose “Forgot your password?” and enter your e-mail address. We send a reset link to it; the link works once and expires after ${RESET_TOKEN_TTL_MS / MINUTE_MS} minutes. Choose a new password on the page it opens. Resetting signs you out everywhere else.

## Change your password
Signed in, open Settings from the account menu and choose Change password under Security. Enter your current password and the new one; your other sessions are signed out.`,
  },
  {
    slug: 'keyboard-shortcuts-and-tour',
    title: 'Keyboard shortcuts and the product tour',
    summary: 'Change or turn off shortcuts, and replay the tour at any time.',
    context: null,
    category: 'Getting started',
    tags: ['keyboard', 'shortcuts', 'tour', 'accessibility'],
    related: ['run-your-first-search'],
    content: `Press ? anywhere (outside a text field) to see the keyboard shortcuts with your own key bindings. Change them under Settings → Keyboard shortcuts: record a new key, turn a shortcut off, or reset it. A key already used by another shortcut is refused, and changes apply at once and follow you to other devices.

The short product tour runs on your first sign-in. Skip it with Escape or the Skip button; it resumes where you left it next time, and you can replay it from this Help page.`,
  },
];

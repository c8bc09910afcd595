// Trending (docs/product/states.md): the themes window and how many different users make a theme.
export const TRENDING_THEMES_WINDOW_DAYS = 30;
export const TRENDING_MIN_USERS = 5;
/** Only accounts at least this old count towards a theme (fresh accounts made to probe do not). */
export const TRENDING_ESTABLISHED_ACCOUNT_DAYS = 7;
/** Every word of a shown theme appears in at least this many companies of the corpus (no rare term). */
export const TRENDING_MIN_CORPUS_COMPANIES = 3;
/** Years each side of the corpus growth comparison (the latest N years of the data vs the N before). */
export const GROWTH_YEARS = 2;
/**
 * Companies a key needs in the earlier period before its growth is a percentage (issue 29: "3 vs 0 → +300 %",
 * "5 vs 1 → +400 %"); under it, a key with recent companies is listed as new, after the ranked ones.
 */
export const GROWTH_MIN_EARLIER = 3;
/**
 * The Trending Now preset's window (issue 13, docs/decisions/012): the most recent evidence of the corpus in
 * use, namely the newest fifth of its dated companies, from the oldest of them to the newest. A window of the
 * last 7 calendar days could never match a corpus whose newest evidence is months or years old.
 */
export const RECENT_EVIDENCE_SHARE = 0.2;

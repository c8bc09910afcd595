// Trending (docs/product/states.md): the themes window and how many different users make a theme.
export const TRENDING_THEMES_WINDOW_DAYS = 30;
export const TRENDING_MIN_USERS = 3;
/** Years each side of the corpus growth comparison (the latest N years of the data vs the N before). */
export const GROWTH_YEARS = 2;
/**
 * The Trending Now preset's window (issue 13, docs/decisions/012): the most recent evidence of the corpus in
 * use, namely the newest fifth of its dated companies, from the oldest of them to the newest. A window of the
 * last 7 calendar days could never match a corpus whose newest evidence is months or years old.
 */
export const RECENT_EVIDENCE_SHARE = 0.2;

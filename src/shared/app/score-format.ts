// How every score and money figure reads, on every page and in every export (issue 29: the saved page
// showed "41.7" where the analysis showed "42"; exports wrote money with their own helpers). Client pages,
// the PDF, CSV, pitch deck, share views, analytics and the assistant all format through these functions.

/** The top of every 0–100 score (opportunity, innovation, market size, feasibility, confidence). */
export const SCORE_MAX = 100;

/** A 0–100 score as a reader sees it: a whole number, clamped to the scale ("42" for 41.7). */
export function formatScore(score: number): string {
  return String(scoreValue(score));
}

/** The number behind formatScore, for charts and CSV cells that need a number. */
export function scoreValue(score: number): number {
  return Math.round(Math.min(Math.max(score, 0), SCORE_MAX));
}

/** How a market size reads when its evidence counts nobody who buys: unknown, never 0 (issue 28). */
export const NOT_SIZED = 'Not sized';

/** A market-size score as a reader sees it: "42", or "not sized" ("Not sized" where it starts a label). */
export function formatSize(score: number | null, { capital = false } = {}): string {
  if (score !== null) return formatScore(score);
  return capital ? NOT_SIZED : NOT_SIZED.toLowerCase();
}

/**
 * Why a market is not sized, as a sentence of its own: the breakdown's formula ("not sized: the evidence
 * counts…") without its leading label, which the heading beside it already says.
 */
export function notSizedReason(formula: string): string {
  const reason = formula.replace(/^not sized:\s*/i, '');
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}${/[.!?]$/.test(reason) ? '' : '.'}`;
}

/** "42/100": a score with its scale, where the scale is not said nearby. */
export function formatScoreOutOf(score: number): string {
  return `${formatScore(score)}/${SCORE_MAX}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Whole US dollars with the sign kept in front: "$896,700,000", "-$1,015,200". */
export function formatUsd(value: number): string {
  // Intl writes -0 as "-$0"; a rounded zero is zero.
  return usd.format(Math.round(value) === 0 ? 0 : value);
}

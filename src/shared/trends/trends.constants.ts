// Trending (docs/product/states.md): the themes window and how many different users make a theme.
export const TRENDING_THEMES_WINDOW_DAYS = 30;
export const TRENDING_MIN_USERS = 3;
/** Years each side of the corpus growth comparison (the latest N years of the data vs the N before). */
export const GROWTH_YEARS = 2;

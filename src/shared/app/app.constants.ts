// Client-wide behaviour constants (docs/product/constants.md).
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const CURRENT_USER_STALE_TIME_MS = 5 * 60 * 1000;
export const TOKEN_REFRESH_COOLDOWN_MS = 60 * 1000;
export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;

export const THEME_STORAGE_KEY = 'unbuilt-theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const AUTH_STORAGE_KEY = 'auth-storage';

export const SUPPORT_EMAIL = 'support@unbuilt.app';
export const SALES_EMAIL = 'sales@unbuilt.app';
export const CAREERS_EMAIL = 'careers@unbuilt.app';

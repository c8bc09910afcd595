import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type Theme } from '#shared/app/app.constants.ts';

// Theme choice (docs/product/screens.md, constants.md): light, dark or system; dark by default; persisted under
// THEME_STORAGE_KEY. public/theme-init.js applies the same rules before first paint, so keep the two
// in step (theme.test.ts runs that script against these functions).

export type ResolvedTheme = 'light' | 'dark';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readStoredTheme(storage: Pick<Storage, 'getItem'>): Theme {
  try {
    const value = storage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(storage: Pick<Storage, 'setItem'>, theme: Theme): void {
  try {
    storage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or a full quota: the choice still applies for this page view.
  }
}

export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

export function applyResolvedTheme(root: HTMLElement, resolved: ResolvedTheme): void {
  root.classList.toggle('dark', resolved === 'dark');
  root.classList.toggle('light', resolved === 'light');
  root.style.colorScheme = resolved;
}

/** The choice itself on <html> (data-theme-choice): the theme toggle shows its icon by CSS, before any React. */
export function applyThemeChoice(root: HTMLElement, theme: Theme): void {
  root.dataset.themeChoice = theme;
}

const THEME_LABELS = { light: 'Light', dark: 'Dark', system: 'System' } as const;

/** The theme toggle's accessible name (the current choice and the next one) and its tooltip. */
export function themeToggleText(theme: Theme): { label: string; title: string } {
  return {
    label: `Theme: ${THEME_LABELS[theme]}. Switch to ${THEME_LABELS[nextTheme(theme)]} theme`,
    title: `Theme: ${THEME_LABELS[theme]}`,
  };
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function nextTheme(theme: Theme): Theme {
  const index = THEMES.indexOf(theme);
  return THEMES[(index + 1) % THEMES.length] ?? DEFAULT_THEME;
}

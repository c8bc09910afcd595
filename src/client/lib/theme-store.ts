import { create } from 'zustand';
import type { Theme } from '#shared/app/app.constants.ts';
import {
  applyResolvedTheme,
  applyThemeChoice,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  systemPrefersDark,
} from './theme.ts';

type ThemeState = {
  theme: Theme;
  setTheme: (theme: Theme) => void;
};

export const useThemeStore = create<ThemeState>()((set) => ({
  theme: readStoredTheme(localStorage),
  setTheme: (theme) => {
    storeTheme(localStorage, theme);
    applyThemeChoice(document.documentElement, theme);
    applyResolvedTheme(document.documentElement, resolveTheme(theme, systemPrefersDark()));
    set({ theme });
  },
}));

/** Follows the operating system's preference while the choice is "system". */
export function watchSystemTheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (useThemeStore.getState().theme === 'system') {
      applyResolvedTheme(document.documentElement, query.matches ? 'dark' : 'light');
    }
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

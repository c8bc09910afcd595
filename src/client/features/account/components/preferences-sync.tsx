import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useThemeStore } from '#client/lib/theme-store.ts';
import { preferencesQueryOptions, useUpdatePreferences } from '../api/preferences-api.ts';
import { applyAccessibility } from '../apply-accessibility.ts';

// Applies the stored account settings to the whole app: accessibility classes on <html> (styles.css
// defines what each does), and the theme, kept in step between this device and the account.

export function PreferencesSync() {
  const { data } = useQuery(preferencesQueryOptions());
  const { save } = useUpdatePreferences();
  const setTheme = useThemeStore((state) => state.setTheme);
  const currentTheme = useThemeStore((state) => state.theme);
  const serverTheme = data?.theme;
  const hasAdoptedServerTheme = useRef(false);

  useEffect(() => {
    if (data) applyAccessibility(document.documentElement, data.accessibilitySettings);
  }, [data]);

  useEffect(() => {
    if (!serverTheme) return;
    // The account's theme wins once, when it first loads; after that a change made on this device
    // (the header toggle) is saved to the account.
    if (!hasAdoptedServerTheme.current) {
      hasAdoptedServerTheme.current = true;
      if (serverTheme !== currentTheme) setTheme(serverTheme);
      return;
    }
    if (currentTheme !== serverTheme) save({ theme: currentTheme });
  }, [serverTheme, currentTheme, setTheme, save]);

  useEffect(() => () => applyAccessibility(document.documentElement, null), []);
  return null;
}

import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { nextTheme, themeToggleText } from '#client/lib/theme.ts';
import { useThemeStore } from '#client/lib/theme-store.ts';

/**
 * Cycles dark → system → light; the label names the current choice and the next one. All three icons are
 * on the page and CSS shows the chosen one (styles.css, from <html data-theme-choice> that theme-init.js
 * sets before first paint): the pre-rendered landing page shows the right icon before any script runs.
 */
export function ThemeToggle() {
  const theme = useThemeStore((state) => state.theme);
  const setTheme = useThemeStore((state) => state.setTheme);
  const { label, title } = themeToggleText(theme);
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setTheme(nextTheme(theme))}
      aria-label={label}
      title={title}
      data-theme-toggle
    >
      <Moon aria-hidden="true" data-theme-icon="dark" />
      <Monitor aria-hidden="true" data-theme-icon="system" />
      <Sun aria-hidden="true" data-theme-icon="light" />
    </Button>
  );
}

import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { nextTheme } from '#client/lib/theme.ts';
import { useThemeStore } from '#client/lib/theme-store.ts';

const LABELS = { light: 'Light', dark: 'Dark', system: 'System' } as const;

/** Cycles dark → system → light; the label names the current choice and the next one. */
export function ThemeToggle() {
  const theme = useThemeStore((state) => state.theme);
  const setTheme = useThemeStore((state) => state.setTheme);
  const next = nextTheme(theme);
  const Icon = theme === 'dark' ? Moon : theme === 'light' ? Sun : Monitor;
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setTheme(next)}
      aria-label={`Theme: ${LABELS[theme]}. Switch to ${LABELS[next]} theme`}
      title={`Theme: ${LABELS[theme]}`}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

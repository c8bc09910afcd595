import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '#shared/app/app.constants.ts';
import { resolveTheme, systemPrefersDark } from '#client/lib/theme.ts';
import { useThemeStore } from '#client/lib/theme-store.ts';

/** Loaded lazily by the shell (see lib/toast.ts). */
export function Toaster() {
  const theme = useThemeStore((state) => state.theme);
  return (
    <SonnerToaster
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      theme={resolveTheme(theme, systemPrefersDark())}
      richColors
      closeButton
      position="bottom-right"
      toastOptions={{ classNames: { toast: 'min-h-11' } }}
    />
  );
}

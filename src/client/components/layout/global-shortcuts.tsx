import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { useShortcutsStore } from '#client/lib/shortcuts-store.ts';
import { handleGlobalKeydown } from './global-keys.ts';

const KeyboardShortcutsDialog = lazy(async () => ({
  default: (await import('./keyboard-shortcuts-dialog.tsx')).KeyboardShortcutsDialog,
}));

/** The global keys with the user's own bindings (applied as soon as they change), and the shortcuts modal. */
export function GlobalShortcuts() {
  const isOpen = useShortcutsStore((state) => state.isOpen);
  const setOpen = useShortcutsStore((state) => state.setOpen);
  const bindings = useShortcutsStore((state) => state.bindings);
  const isSignedIn = useAuthStore((state) => state.status === 'signed-in');
  const navigate = useNavigate();

  useEffect(() => {
    const onKeydown = (event: KeyboardEvent) =>
      handleGlobalKeydown(event, () => setOpen(true), {
        bindings,
        ...(isSignedIn ? { navigate: (path: string) => void navigate(path) } : {}),
      });
    window.addEventListener('keydown', onKeydown);
    return () => window.removeEventListener('keydown', onKeydown);
  }, [setOpen, bindings, isSignedIn, navigate]);

  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <KeyboardShortcutsDialog isOpen={isOpen} onOpenChange={setOpen} />
    </Suspense>
  );
}

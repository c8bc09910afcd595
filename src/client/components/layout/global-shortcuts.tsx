import { lazy, Suspense, useEffect } from 'react';
import { useShortcutsStore } from '#client/lib/shortcuts-store.ts';
import { handleGlobalKeydown } from './global-keys.ts';

const KeyboardShortcutsDialog = lazy(async () => ({
  default: (await import('./keyboard-shortcuts-dialog.tsx')).KeyboardShortcutsDialog,
}));

export function GlobalShortcuts() {
  const isOpen = useShortcutsStore((state) => state.isOpen);
  const setOpen = useShortcutsStore((state) => state.setOpen);

  useEffect(() => {
    const onKeydown = (event: KeyboardEvent) => handleGlobalKeydown(event, () => setOpen(true));
    window.addEventListener('keydown', onKeydown);
    return () => window.removeEventListener('keydown', onKeydown);
  }, [setOpen]);

  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <KeyboardShortcutsDialog isOpen={isOpen} onOpenChange={setOpen} />
    </Suspense>
  );
}

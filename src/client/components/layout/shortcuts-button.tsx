import { Keyboard } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useShortcutsStore } from '#client/lib/shortcuts-store.ts';

export function ShortcutsButton({ className }: { className?: string }) {
  const setOpen = useShortcutsStore((state) => state.setOpen);
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      onClick={() => setOpen(true)}
      aria-label="Keyboard shortcuts"
      title="Keyboard shortcuts (?)"
    >
      <Keyboard aria-hidden="true" />
    </Button>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { unreadCountQueryOptions } from '../api/notifications-api.ts';
import { NotificationPanel } from './notification-panel.tsx';

// The header's bell (issue 18, ADR 027): the unread count in its accessible name and a badge, and a
// panel of the newest notifications. The panel is a non-modal dialog: Escape, the bell again, or a
// click outside closes it, and focus goes back to the bell.

export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications, none unread';
  return `Notifications, ${String(unread)} unread`;
}

export function NotificationBell() {
  const [isOpen, setOpen] = useState(false);
  const { data } = useQuery(unreadCountQueryOptions());
  const unread = data?.unread ?? 0;
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const close = (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) buttonRef.current?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close(true);
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  return (
    <div ref={rootRef} className="sm:relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={bellLabel(unread)}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setOpen((open) => !open)}
      >
        <Bell aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 min-w-5 rounded-full bg-destructive px-1 text-center text-xs leading-5 font-semibold text-destructive-foreground"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      {isOpen ? (
        <NotificationPanel
          id={panelId}
          onNavigate={() => setOpen(false)}
          className="absolute inset-x-2 top-full z-50 mt-1 sm:inset-x-auto sm:right-0 sm:w-96"
        />
      ) : null}
    </div>
  );
}

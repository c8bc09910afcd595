import type { ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A form's own message: an error (role alert) or a confirmation (role status). */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        tone === 'error'
          ? 'border-destructive/50 bg-destructive/10 text-destructive'
          : 'border-primary/40 bg-accent text-accent-foreground',
      )}
    >
      {children}
    </div>
  );
}

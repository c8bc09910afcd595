import { useId, type ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

type Props = Omit<ComponentProps<'input'>, 'id'> & { label: string; error?: string };

/** A labelled input with its error wired through aria-describedby. */
export function LabelledInput({ label, error, className, ...props }: Props) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'min-h-11 rounded-md border bg-background px-3 py-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive',
          className,
        )}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

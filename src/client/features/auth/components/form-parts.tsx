import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from '#shared/api/errors.ts';
import { cn } from '#client/lib/cn.ts';

// Small form pieces shared by the account screens: a labelled field with its error wired through
// aria-describedby, an alert, and the card the auth screens sit in.

/** First message per field from a shared zod schema (the same rules the server applies). */
export function validateWith(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_root';
    errors[key] ??= issue.message;
  }
  return errors;
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & { label: string; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, className, ...props }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'min-h-11 rounded-md border bg-background px-3 py-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive',
          className,
        )}
        {...props}
      />
      {hint ? (
        <div id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

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

export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10">
      <div className="rounded-lg border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        <div className="mt-6 grid gap-4">{children}</div>
      </div>
    </div>
  );
}

/**
 * The submitted form's text fields, read from the DOM at submit time. Uncontrolled fields mean
 * what the person (or their password manager's autofill, which may not fire change events) put in
 * the field is exactly what is sent.
 */
export function formFields<K extends string>(
  event: { currentTarget: HTMLFormElement },
  names: readonly K[],
): Record<K, string> {
  const data = new FormData(event.currentTarget);
  return Object.fromEntries(
    names.map((name) => {
      const value = data.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as Record<K, string>;
}

import { createContext, useContext, useId, type ReactNode } from 'react';
import { get, useFormContext } from 'react-hook-form';

// A labelled field: its label, an optional description, and its error, wired to the control for
// screen readers (label htmlFor, aria-describedby naming the error and the description,
// aria-invalid). The error is an alert, so a screen reader announces it when it appears without the
// user having to move back to the field. Inside a <Form> the error comes from the form by name;
// `error` overrides it.

type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };

const FieldContext = createContext<ControlProps | null>(null);

/** The id and ARIA wiring of the field around a control (none outside a field). */
export function useFieldControl(): ControlProps | null {
  return useContext(FieldContext);
}

function useFieldError(name: string | undefined, override: string | undefined): string | undefined {
  const form = useFormContext() as ReturnType<typeof useFormContext> | null;
  if (override !== undefined || !name || !form) return override;
  return messageOf(get(form.formState.errors, name));
}

/** A field's message; for a list (tags), the list's own message or its first item's. */
function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  if (Array.isArray(error)) {
    for (const item of error as unknown[]) {
      const message = messageOf(item);
      if (message) return message;
    }
  }
  return undefined;
}

export function Field({
  name,
  label,
  description,
  error: errorOverride,
  children,
}: {
  /** The form field this wraps (its error is read from the form). */
  name?: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  const error = useFieldError(name, errorOverride);
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');
  const control: ControlProps = {
    id,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': true as const } : {}),
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {description ? (
        <div id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A group of controls answering one question (radio buttons, checkboxes): a fieldset named by its
 * legend, its error (an alert) read from the form by name and named by the group's aria-describedby.
 */
export function FieldGroup({
  name,
  legend,
  description,
  className,
  children,
}: {
  name: string;
  legend: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const error = useFieldError(name, undefined);
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');
  return (
    <fieldset className={className ?? 'grid gap-1.5'} aria-describedby={describedBy || undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {description ? (
        <div id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </div>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

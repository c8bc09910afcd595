import { forwardRef, useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { useFieldControl } from './field.tsx';

// The kit's controls. Inside a <Field> they take its id and ARIA wiring; spread `form.register(name)`
// on them (they forward the ref react-hook-form needs).

const controlClass =
  'min-h-11 rounded-md border bg-background px-3 py-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive';

export const Input = forwardRef<HTMLInputElement, ComponentProps<'input'>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} {...useFieldControl()} className={cn(controlClass, className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, ComponentProps<'textarea'>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} {...useFieldControl()} className={cn(controlClass, className)} {...props} />;
});

type SelectProps = ComponentProps<'select'> & {
  /** The choices; grouped choices (<optgroup>) go in as children instead. */
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
};

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, options = [], placeholder, children, ...props },
  ref,
) {
  return (
    <select ref={ref} {...useFieldControl()} className={cn(controlClass, className)} {...props}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  );
});

/**
 * A checkbox with its own label (and description) beside it: a 44 px row, the whole row clickable. The
 * 20 px box keeps 2 px clear above it, so axe's 24 px target-size circle touches no other control.
 */
export const Checkbox = forwardRef<
  HTMLInputElement,
  Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; description?: ReactNode }
>(function Checkbox({ label, description, className, ...props }, ref) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <label className={cn('flex min-h-11 cursor-pointer items-start gap-3', className)}>
      <input
        ref={ref}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-[var(--primary)]"
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? descriptionId : undefined}
        {...props}
      />
      <span>
        <span id={`${id}-label`} className="block text-sm font-medium">
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className="block text-xs text-muted-foreground">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
});

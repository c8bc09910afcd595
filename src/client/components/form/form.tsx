import type { FormEvent, ReactNode } from 'react';
import { FormProvider, type FieldValues, type Path, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { ownValue } from '#shared/app/own-value.ts';

type FormProps<Input extends FieldValues, Output> = {
  form: UseFormReturn<Input, unknown, Output>;
  onValid: SubmitHandler<Output>;
  /** Called instead of onValid when a field is invalid (the errors are already shown). */
  onInvalid?: () => void;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /**
   * Read the text fields back from the page before validating, so what is in a field (a password
   * manager's autofill included, which may not fire change events) is what is sent. For sign-in forms.
   */
  readFieldsOnSubmit?: boolean;
};

/**
 * A form on the kit: the fields read their errors from it, submit validates with the form's zod
 * schema and calls onValid with the parsed values (onInvalid otherwise).
 */
export function Form<Input extends FieldValues, Output>({
  form,
  onValid,
  onInvalid,
  children,
  className = 'grid gap-4',
  readFieldsOnSubmit = false,
  ...rest
}: FormProps<Input, Output>) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (readFieldsOnSubmit) {
      const known = form.getValues();
      for (const [name, value] of new FormData(event.currentTarget)) {
        if (
          typeof value === 'string' &&
          Object.hasOwn(known, name) &&
          ownValue(known as Record<string, unknown>, name) !== value
        ) {
          form.setValue(name as Path<Input>, value as Input[Path<Input>]);
        }
      }
    }
    void form.handleSubmit(onValid, onInvalid)(event);
  };
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className={className} {...rest}>
        {children}
      </form>
    </FormProvider>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form validated by a shared zod schema: the same rules and messages the server
 * applies. Errors show after the first submit and follow each change from then on; with
 * `validateOn: 'blur'` (a long form) a field's error also shows as the user leaves it.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: { defaultValues?: DefaultValues<z.input<S>>; validateOn?: 'submit' | 'blur' } = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: options.validateOn === 'blur' ? 'onTouched' : 'onSubmit',
    reValidateMode: 'onChange',
    ...(options.defaultValues ? { defaultValues: options.defaultValues } : {}),
  });
}

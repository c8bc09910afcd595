import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '#shared/api/errors.ts';
import { contactRequestSchema } from '#shared/billing/billing.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { toast } from '#client/lib/toast.ts';
import { useContactSales } from '../api/billing-api.ts';
import { LabelledInput } from './labelled-input.tsx';

const TEAM_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;

function fieldErrorsOf(values: unknown): FieldErrors {
  const result = contactRequestSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** The enterprise sales form: validated with the server's schema, stored and e-mailed to sales. */
export function ContactSalesForm({ defaultEmail, defaultName }: { defaultEmail?: string; defaultName?: string }) {
  const [values, setValues] = useState({
    name: defaultName ?? '',
    email: defaultEmail ?? '',
    company: '',
    teamSize: '',
    message: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSent, setIsSent] = useState(false);
  const send = useContactSales();

  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = {
      name: values.name,
      email: values.email.trim(),
      message: values.message,
      ...(values.company.trim() ? { company: values.company } : {}),
      ...(values.teamSize ? { teamSize: values.teamSize } : {}),
    };
    const found = fieldErrorsOf(payload);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(contactRequestSchema.parse(payload), {
      onSuccess: () => {
        setIsSent(true);
        void toast({
          title: 'Message sent',
          description: 'Our sales team will reply within one business day.',
          variant: 'success',
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        void toast({ title: 'Your message was not sent', description: error.message, variant: 'destructive' });
      },
    });
  }

  if (isSent) {
    return (
      <p role="status" className="rounded-md border bg-card p-6">
        Thank you! Your message reached our sales team. We will reply to {values.email} within one business day.
      </p>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <LabelledInput
        label="Your name"
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={(e) => set('name')(e.target.value)}
        error={errors.name}
      />
      <LabelledInput
        label="Work e-mail"
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => set('email')(e.target.value)}
        error={errors.email}
      />
      <LabelledInput
        label="Company (optional)"
        name="company"
        autoComplete="organization"
        value={values.company}
        onChange={(e) => set('company')(e.target.value)}
        error={errors.company}
      />
      <div className="grid gap-1.5">
        <label htmlFor="contact-team-size" className="text-sm font-medium">
          Team size (optional)
        </label>
        <select
          id="contact-team-size"
          value={values.teamSize}
          onChange={(e) => set('teamSize')(e.target.value)}
          className="min-h-11 rounded-md border bg-background px-3 py-2 text-base"
        >
          <option value="">Choose…</option>
          {TEAM_SIZES.map((size) => (
            <option key={size} value={size}>
              {size} people
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="contact-message" className="text-sm font-medium">
          How can we help?
        </label>
        <textarea
          id="contact-message"
          rows={6}
          value={values.message}
          onChange={(e) => set('message')(e.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          className="rounded-md border bg-background px-3 py-2 text-base aria-[invalid=true]:border-destructive"
        />
        {errors.message ? (
          <p id="contact-message-error" className="text-sm text-destructive">
            {errors.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send to Sales'}
      </Button>
    </form>
  );
}

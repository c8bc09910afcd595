import { useState } from 'react';
import { contactRequestSchema, TEAM_SIZES } from '#shared/billing/billing.schemas.ts';
import { Input, Select, Textarea } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/lib/toast.ts';
import { useContactSales } from '../api/billing-api.ts';

const TEAM_SIZE_OPTIONS = TEAM_SIZES.map((size) => ({ value: size, label: `${size} people` }));

/** The enterprise sales form: validated with the server's schema, stored and e-mailed to sales. */
export function ContactSalesForm({ defaultEmail, defaultName }: { defaultEmail?: string; defaultName?: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useContactSales();
  const form = useZodForm(contactRequestSchema, {
    defaultValues: { name: defaultName ?? '', email: defaultEmail ?? '', message: '' },
  });

  if (sentTo) {
    return (
      <p role="status" className="rounded-md border bg-card p-6">
        Thank you! Your message reached our sales team. We will reply to {sentTo} within one business day.
      </p>
    );
  }

  return (
    <Form
      form={form}
      onValid={(request) =>
        send.mutate(request, {
          onSuccess: () => {
            setSentTo(request.email);
            void toast({
              title: 'Message sent',
              description: 'Our sales team will reply within one business day.',
              variant: 'success',
            });
          },
          onError: (error) => {
            applyServerErrors(form, error);
            void toast({ title: 'Your message was not sent', description: error.message, variant: 'destructive' });
          },
        })
      }
    >
      <Field name="name" label="Your name">
        <Input autoComplete="name" {...form.register('name')} />
      </Field>
      <Field name="email" label="Work e-mail">
        <Input type="email" autoComplete="email" {...form.register('email', { setValueAs: trimmed })} />
      </Field>
      <Field name="company" label="Company (optional)">
        <Input autoComplete="organization" {...form.register('company', { setValueAs: blankAsMissing })} />
      </Field>
      <Field name="teamSize" label="Team size (optional)">
        <Select
          options={TEAM_SIZE_OPTIONS}
          placeholder="Choose…"
          {...form.register('teamSize', { setValueAs: blankAsMissing })}
        />
      </Field>
      <Field name="message" label="How can we help?">
        <Textarea rows={6} {...form.register('message')} />
      </Field>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send to Sales'}
      </Button>
    </Form>
  );
}

function trimmed(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

/** An optional field left empty is absent, not an empty string the schema would check. */
function blankAsMissing(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

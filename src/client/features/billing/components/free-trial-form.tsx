import {
  TRIAL_EMAIL_REQUIRED_TEXT,
  TRIAL_EMAIL_REQUIRED_TITLE,
  trialActivateRequestSchema,
} from '#shared/billing/billing.schemas.ts';
import { Input } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/lib/toast.ts';
import { useActivateTrial } from '../api/billing-api.ts';
import {
  TRIAL_FAILURE_FALLBACK,
  TRIAL_FAILURE_TITLE,
  TRIAL_SUCCESS_TEXT,
  TRIAL_SUCCESS_TITLE,
} from '#shared/billing/trial-copy.ts';

/** The e-mail form that starts the 7-day Pro trial. Used by the page and the modal. */
export function FreeTrialForm({ defaultEmail, onActivated }: { defaultEmail?: string; onActivated?: () => void }) {
  const activate = useActivateTrial();
  const form = useZodForm(trialActivateRequestSchema, { defaultValues: { email: defaultEmail ?? '' } });
  const emailError = form.formState.errors.email?.message;

  const onValid = ({ email }: { email: string }) => {
    // mutateAsync, not mutate's callbacks: the refreshed user can unmount this form (the modal's
    // trigger disappears for a Pro user) before per-call callbacks would run.
    activate.mutateAsync(email).then(
      () => {
        void toast({ title: TRIAL_SUCCESS_TITLE, description: TRIAL_SUCCESS_TEXT, variant: 'success' });
        onActivated?.();
      },
      (error: unknown) => {
        const message = error instanceof Error && error.message ? error.message : TRIAL_FAILURE_FALLBACK;
        void toast({ title: TRIAL_FAILURE_TITLE, description: message, variant: 'destructive' });
      },
    );
  };

  // A missing e-mail is told in a toast ("Email Required"); a malformed one under the field.
  const onInvalid = () => {
    if (form.getFieldState('email').error?.message !== TRIAL_EMAIL_REQUIRED_TEXT) return;
    void toast({ title: TRIAL_EMAIL_REQUIRED_TITLE, description: TRIAL_EMAIL_REQUIRED_TEXT, variant: 'destructive' });
  };

  return (
    <Form form={form} onValid={onValid} onInvalid={onInvalid}>
      <Field name="email" label="Email address" error={emailError === TRIAL_EMAIL_REQUIRED_TEXT ? '' : undefined}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
      </Field>
      <Button type="submit" disabled={activate.isPending}>
        {activate.isPending ? 'Starting your trial…' : 'Start Free Trial'}
      </Button>
      <p className="text-xs text-muted-foreground">No credit card required. The trial ends by itself after 7 days.</p>
    </Form>
  );
}

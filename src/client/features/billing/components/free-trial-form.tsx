import { useState, type FormEvent } from 'react';
import {
  TRIAL_EMAIL_REQUIRED_TEXT,
  TRIAL_EMAIL_REQUIRED_TITLE,
  TRIAL_FAILURE_FALLBACK,
  TRIAL_FAILURE_TITLE,
  TRIAL_SUCCESS_TEXT,
  TRIAL_SUCCESS_TITLE,
} from '#shared/billing/billing.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/lib/toast.ts';
import { useActivateTrial } from '../api/billing-api.ts';
import { LabelledInput } from './labelled-input.tsx';

/** The e-mail form that starts the 7-day Pro trial (spec §5, §8 wording). Used by the page and the modal. */
export function FreeTrialForm({ defaultEmail, onActivated }: { defaultEmail?: string; onActivated?: () => void }) {
  const [email, setEmail] = useState(defaultEmail ?? '');
  const activate = useActivateTrial();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === '') {
      void toast({ title: TRIAL_EMAIL_REQUIRED_TITLE, description: TRIAL_EMAIL_REQUIRED_TEXT, variant: 'destructive' });
      return;
    }
    // mutateAsync, not mutate's callbacks: the refreshed user can unmount this form (the modal's
    // trigger disappears for a Pro user) before per-call callbacks would run.
    activate.mutateAsync(email.trim()).then(
      () => {
        void toast({ title: TRIAL_SUCCESS_TITLE, description: TRIAL_SUCCESS_TEXT, variant: 'success' });
        onActivated?.();
      },
      (error: unknown) => {
        const message = error instanceof Error && error.message ? error.message : TRIAL_FAILURE_FALLBACK;
        void toast({ title: TRIAL_FAILURE_TITLE, description: message, variant: 'destructive' });
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <LabelledInput
        label="Email address"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder="you@example.com"
      />
      <Button type="submit" disabled={activate.isPending}>
        {activate.isPending ? 'Starting your trial…' : 'Start Free Trial'}
      </Button>
      <p className="text-xs text-muted-foreground">No credit card required. The trial ends by itself after 7 days.</p>
    </form>
  );
}

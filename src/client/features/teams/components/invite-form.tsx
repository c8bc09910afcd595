import { useState } from 'react';
import { ASSIGNABLE_ROLES, invitationCreateSchema, type TeamDetail } from '#shared/teams/teams.schemas.ts';
import { Input, Select } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useInvite } from '../api/teams-api.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './role-labels.ts';

// The invite form of a team's page (owner, admin), on the form kit: the shared schema's e-mail rule
// and message, the chosen role explained, the server's refusal (a member already, a pending
// invitation, the seat limit) in the form.

export function InviteForm({ team }: { team: TeamDetail }) {
  const invite = useInvite(team.id);
  const form = useZodForm(invitationCreateSchema, { defaultValues: { email: '', role: 'member' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const role = form.watch('role') ?? 'member';
  return (
    <Form
      form={form}
      className="grid min-w-0 gap-3"
      aria-label="Invite someone"
      onValid={(input) => {
        setFailure(null);
        setSentTo(null);
        invite.mutate(input, {
          onSuccess: (created) => {
            setSentTo(created.email);
            form.resetField('email');
          },
          onError: (error) => {
            if (!applyServerErrors(form, error)) setFailure(error.message);
          },
        });
      }}
    >
      <Field name="email" label="E-mail address">
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </Field>
      <Field name="role" label="Role" description={<span className="text-sm">{ROLE_DESCRIPTIONS[role]}</span>}>
        <Select
          className="w-full min-w-0"
          options={ASSIGNABLE_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          {...form.register('role')}
        />
      </Field>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {sentTo ? (
        <p role="status" className="text-sm">
          Invitation sent to {sentTo}. The link works once and expires in 7 days.
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </Form>
  );
}

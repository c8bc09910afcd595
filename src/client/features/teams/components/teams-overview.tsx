import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX, teamCreateSchema } from '#shared/teams/teams.schemas.ts';
import { Input, Textarea } from '#client/components/form/controls.tsx';
import { Field } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { applyServerErrors } from '#client/components/form/server-errors.ts';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-error.ts';
import { teamsQueryOptions, useCreateTeam } from '../api/teams-api.ts';
import { ROLE_LABELS } from './role-labels.ts';

// /teams: the teams I belong to, and a form to create one. A refusal for the plan (PLAN_REQUIRED)
// is handed to the page, which shows the 'Collaboration requires Pro' prompt.

export function TeamsOverview({ onPlanRequired }: { onPlanRequired: (message: string) => void }) {
  const teams = useQuery(teamsQueryOptions());
  const create = useCreateTeam();
  const form = useZodForm(teamCreateSchema, { defaultValues: { name: '', description: '' } });
  const [failure, setFailure] = useState<string | null>(null);

  function submit(input: z.output<typeof teamCreateSchema>) {
    setFailure(null);
    create.mutate(input, {
      onSuccess: () => form.reset({ name: '', description: '' }),
      onError: (error) => {
        if (isApiError(error) && error.code === 'PLAN_REQUIRED') onPlanRequired(error.message);
        else if (!applyServerErrors(form, error)) setFailure(error.message);
      },
    });
  }

  return (
    <div className="grid gap-6">
      <section aria-labelledby="my-teams" className="grid gap-3">
        <h2 id="my-teams" className="text-lg font-semibold">
          Your teams
        </h2>
        {teams.isPending ? <Spinner label="Loading your teams" /> : null}
        {teams.data?.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            You are not in a team yet. Create one below, or open an invitation link someone sent you.
          </p>
        ) : null}
        <ul className="grid gap-2">
          {teams.data?.items.map((team) => (
            <li key={team.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <div className="grid min-w-0 gap-0.5">
                <Link to={paths.team.href(team.id)} className={`${textLinkClass} font-medium break-words`}>
                  {team.name}
                </Link>
                <span className="text-sm text-muted-foreground">
                  {ROLE_LABELS[team.myRole]} · {team.memberCount} {team.memberCount === 1 ? 'member' : 'members'}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="new-team" className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground">
        <h2 id="new-team" className="text-lg font-semibold">
          Create a team
        </h2>
        <p className="text-sm text-muted-foreground">
          Pro includes one team of up to 5 people; Enterprise has unlimited teams and members.
        </p>
        <Form
          form={form}
          onValid={submit}
          onInvalid={() => setFailure(null)}
          className="grid gap-3"
          aria-label="Create a team"
        >
          <Field name="name" label="Team name">
            <Input maxLength={TEAM_NAME_MAX} {...form.register('name')} />
          </Field>
          <Field name="description" label="Description (optional)">
            <Textarea maxLength={TEAM_DESCRIPTION_MAX} rows={2} {...form.register('description')} />
          </Field>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create team'}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

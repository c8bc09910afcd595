import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX } from '#shared/teams/teams.schemas.ts';
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
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const nameId = useId();
  const descriptionId = useId();
  const fieldErrors = create.error && isApiError(create.error) ? create.error.fieldErrors : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name, description },
      {
        onSuccess: () => {
          setName('');
          setDescription('');
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'PLAN_REQUIRED') onPlanRequired(error.message);
        },
      },
    );
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
        <form onSubmit={submit} className="grid gap-3" aria-label="Create a team">
          <div className="grid gap-1">
            <label htmlFor={nameId} className="text-sm font-medium">
              Team name
            </label>
            <input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={TEAM_NAME_MAX}
              required
              aria-invalid={fieldErrors?.name ? true : undefined}
              aria-describedby={fieldErrors?.name ? `${nameId}-error` : undefined}
              className="min-h-11 rounded-md border bg-background px-3"
            />
            {fieldErrors?.name ? (
              <p id={`${nameId}-error`} className="text-sm text-destructive">
                {fieldErrors.name}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1">
            <label htmlFor={descriptionId} className="text-sm font-medium">
              Description (optional)
            </label>
            <textarea
              id={descriptionId}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={TEAM_DESCRIPTION_MAX}
              rows={2}
              className="rounded-md border bg-background px-3 py-2"
            />
          </div>
          {create.error && !fieldErrors && !(isApiError(create.error) && create.error.code === 'PLAN_REQUIRED') ? (
            <p role="alert" className="text-sm text-destructive">
              {create.error.message}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create team'}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}

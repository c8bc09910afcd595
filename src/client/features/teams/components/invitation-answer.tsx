import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { invitationPreviewQueryOptions, useAnswerInvitation } from '../api/teams-api.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './role-labels.ts';

// /teams/join#token=…: what the invitation is for, then accept (signed in with the invited address)
// or decline. Signed out: sign in or create an account, and come back here to join.

const STATE_TEXT = {
  accepted: 'This invitation has already been used.',
  declined: 'This invitation was declined.',
  revoked: 'This invitation was withdrawn by the team.',
  expired: 'This invitation has expired. Ask the team for a new one.',
} as const;

export function InvitationAnswer({ token }: { token: string }) {
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const preview = useQuery({ ...invitationPreviewQueryOptions(token), retry: false });
  const answer = useAnswerInvitation();
  const here = `${paths.teamJoin.href()}#token=${token}`;

  if (preview.isPending) return <Spinner className="w-full py-8" label="Opening the invitation" />;
  if (preview.isError) {
    return (
      <p role="alert" className="text-destructive">
        {preview.error.message}
      </p>
    );
  }
  const invitation = preview.data;
  if (answer.isSuccess && answer.data === null) {
    return <p role="status">You declined the invitation to {invitation.teamName}.</p>;
  }
  return (
    <div className="grid gap-4">
      <h1 className="text-3xl font-bold tracking-tight break-words">Join {invitation.teamName}</h1>
      <p>
        {invitation.invitedBy} invited <strong className="break-all">{invitation.email}</strong> to join as{' '}
        {invitation.role === 'admin' ? 'an' : 'a'} {ROLE_LABELS[invitation.role].toLowerCase()}:{' '}
        {ROLE_DESCRIPTIONS[invitation.role]}
      </p>
      {invitation.state === 'pending' ? null : (
        <p role="alert" className="text-destructive">
          {STATE_TEXT[invitation.state]}
        </p>
      )}
      {invitation.state === 'pending' && !user ? (
        <div className="grid gap-2">
          <p>Sign in with {invitation.email} to join, or create an account with that address first.</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={paths.login.href(here)}>Sign in to join</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`${paths.register.href()}?redirectTo=${encodeURIComponent(here)}`}>Create an account</Link>
            </Button>
          </div>
        </div>
      ) : null}
      {invitation.state === 'pending' && user ? (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            disabled={answer.isPending}
            onClick={() =>
              answer.mutate(
                { token, answer: 'accept' },
                { onSuccess: (joined) => joined && void navigate(paths.team.href(joined.teamId)) },
              )
            }
          >
            Accept and join
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ token, answer: 'decline' })}
          >
            Decline
          </Button>
        </div>
      ) : null}
      {answer.error ? (
        <p role="alert" className="text-destructive">
          {answer.error.message}
        </p>
      ) : null}
      {user ? (
        <Link to={paths.teams.href()} className={textLinkClass}>
          Your teams
        </Link>
      ) : null}
    </div>
  );
}

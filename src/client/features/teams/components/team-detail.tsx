import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { roleMay } from '#shared/teams/teams.constants.ts';
import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  type TeamDetail,
  type TeamMember,
} from '#shared/teams/teams.schemas.ts';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import {
  teamQueryOptions,
  useChangeRole,
  useDeleteTeam,
  useRemoveMember,
  useTransferOwnership,
  useWithdrawInvitation,
} from '../api/teams-api.ts';
import { InviteForm } from './invite-form.tsx';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './role-labels.ts';
import { formatDate } from '#client/lib/format.ts';

// /teams/:id: members with their roles, pending invitations and the invite form (owner, admin),
// leave, transfer and delete. The server decides every action; the buttons only follow the role.

const date = (iso: string) => formatDate(iso);

/** A button that asks once more before doing something that cannot be undone. */
function ConfirmButton({
  label,
  name,
  confirm,
  onConfirm,
  disabled,
}: {
  label: string;
  /** What a screen reader hears (the visible label names no one, to stay short on a phone). */
  name?: string;
  confirm: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const [isAsking, setAsking] = useState(false);
  if (!isAsking) {
    return (
      <Button type="button" variant="outline" onClick={() => setAsking(true)} disabled={disabled} aria-label={name}>
        {label}
      </Button>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2" role="group" aria-label={name ?? label}>
      <Button type="button" variant="destructive" onClick={onConfirm} disabled={disabled}>
        {confirm}
      </Button>
      <Button type="button" variant="ghost" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  );
}

function MemberRow({ team, member, myUserId }: { team: TeamDetail; member: TeamMember; myUserId: number | undefined }) {
  const navigate = useNavigate();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const selectId = useId();
  const isMe = member.userId === myUserId;
  const canManage = roleMay(team.myRole, 'changeRoles') && member.role !== 'owner';
  const error = changeRole.error ?? remove.error ?? transfer.error;
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <span className="font-medium break-words">
            {member.name}
            {isMe ? ' (you)' : ''}
          </span>
          <span className="text-sm break-all text-muted-foreground">{member.email}</span>
          <span className="text-sm text-muted-foreground">
            {ROLE_LABELS[member.role]} · joined {date(member.joinedAt)}
          </span>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {canManage ? (
            <div className="grid">
              <label htmlFor={selectId} className="text-xs font-medium">
                Role of {member.name}
              </label>
              <select
                id={selectId}
                value={member.role}
                onChange={(e) => changeRole.mutate({ memberId: member.id, role: e.target.value as AssignableRole })}
                className="min-h-11 rounded-md border bg-background px-2"
              >
                {ASSIGNABLE_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {canManage && !isMe ? (
            <ConfirmButton
              label="Remove"
              name={`Remove ${member.name}`}
              confirm="Remove from team"
              onConfirm={() => remove.mutate(member.id)}
              disabled={remove.isPending}
            />
          ) : null}
          {team.myRole === 'owner' && !isMe ? (
            <ConfirmButton
              label="Make owner"
              name={`Make ${member.name} owner`}
              confirm="Transfer ownership"
              onConfirm={() => transfer.mutate(member.id)}
              disabled={transfer.isPending}
            />
          ) : null}
          {isMe && member.role !== 'owner' ? (
            <ConfirmButton
              label="Leave team"
              confirm="Leave for good"
              onConfirm={() => remove.mutate(member.id, { onSuccess: () => void navigate(paths.teams.href()) })}
              disabled={remove.isPending}
            />
          ) : null}
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
    </li>
  );
}

export function TeamDetailView({ teamId }: { teamId: number }) {
  const navigate = useNavigate();
  const team = useQuery(teamQueryOptions(teamId));
  const myUserId = useAuthStore((state) => state.user?.id);
  const withdraw = useWithdrawInvitation();
  const deleteTeam = useDeleteTeam();
  if (team.isPending) return <Spinner className="w-full py-8" label="Loading the team" />;
  if (team.isError) return <ErrorScreen error={team.error} onRetry={() => void team.refetch()} />;
  const data = team.data;
  const canInvite = roleMay(data.myRole, 'invite');
  const seats = data.memberLimit === null ? null : data.memberLimit - data.members.length - data.invitations.length;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight break-words">{data.name}</h1>
        {data.description ? <p className="text-muted-foreground break-words">{data.description}</p> : null}
        <p className="text-sm text-muted-foreground">
          Your role: {ROLE_LABELS[data.myRole]}. {ROLE_DESCRIPTIONS[data.myRole]}
        </p>
      </header>
      <section aria-labelledby="members" className="grid gap-3">
        <h2 id="members" className="text-lg font-semibold">
          Members ({data.members.length}
          {data.memberLimit === null ? '' : ` of ${data.memberLimit}`})
        </h2>
        <ul className="grid gap-2">
          {data.members.map((member) => (
            <MemberRow key={member.id} team={data} member={member} myUserId={myUserId} />
          ))}
        </ul>
      </section>
      {canInvite ? (
        <section aria-labelledby="invite" className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground">
          <h2 id="invite" className="text-lg font-semibold">
            Invite someone
          </h2>
          <p className="text-sm text-muted-foreground">
            We e-mail a link that works once and expires in 7 days. Someone without an account creates one from the link
            and joins right after.
            {seats === null ? '' : ` Seats left on this plan: ${String(Math.max(0, seats))}.`}
          </p>
          <InviteForm team={data} />
          {data.invitations.length > 0 ? (
            <>
              <h3 className="font-semibold">Pending invitations</h3>
              <ul className="grid gap-2" aria-label="Pending invitations">
                {data.invitations.map((invitation) => (
                  <li
                    key={invitation.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
                  >
                    <span className="min-w-0 break-all">
                      {invitation.email} · {ROLE_LABELS[invitation.role]} · expires {date(invitation.expiresAt)}
                    </span>
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => withdraw.mutate(invitation.id)}
                      disabled={withdraw.isPending}
                      aria-label={`Withdraw the invitation to ${invitation.email}`}
                    >
                      Withdraw
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
      {data.myRole === 'owner' ? (
        <section aria-labelledby="danger" className="grid gap-2 rounded-lg border border-destructive/50 p-4">
          <h2 id="danger" className="text-lg font-semibold">
            Delete the team
          </h2>
          <p className="text-sm text-muted-foreground">
            Members lose access to what was shared with the team. Everyone keeps their own ideas and analyses.
          </p>
          <div>
            <ConfirmButton
              label="Delete team"
              confirm="Delete the team for good"
              onConfirm={() => deleteTeam.mutate(data.id, { onSuccess: () => void navigate(paths.teams.href()) })}
              disabled={deleteTeam.isPending}
            />
          </div>
          {deleteTeam.error ? (
            <p role="alert" className="text-sm text-destructive">
              {deleteTeam.error.message}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

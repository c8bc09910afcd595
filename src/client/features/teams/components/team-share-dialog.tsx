import { useQueries, useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { SHARE_EXPIRY_DAYS } from '#shared/teams/collaboration.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { isApiError } from '#client/lib/api-error.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { useShare, type ShareRequest, type Subject } from '../api/collaboration-api.ts';
import { teamQueryOptions, teamsQueryOptions } from '../api/teams-api.ts';
import { CurrentShares } from './current-shares.tsx';

// "Share with team" (issue 18): an analysis or an idea, with a team or one member of my teams, with
// permissions (defaults: comment yes, edit no, share further no) and an optional expiry. Separate
// from the public share link (issue 17): this one needs an account and a team. A free owner sees the
// 'Collaboration requires Pro' prompt (composed by the page) instead of the form.

const NOUN: Record<Subject['kind'], string> = { analysis: 'analysis', idea: 'idea' };
const EXPIRY_LABELS: Record<(typeof SHARE_EXPIRY_DAYS)[number] | 'never', string> = {
  never: 'No expiry',
  1: '1 day',
  7: '7 days',
  30: '30 days',
};

type Props = {
  subject: Subject;
  title: string;
  /** The owner sees and revokes the current shares; a recipient with canShare only shares further. */
  isOwner: boolean;
  /** The owner is on the free plan: show `upgradePrompt` instead of the form. */
  needsUpgrade: boolean;
  upgradePrompt: ReactNode;
  /** Opens the dialog at once (tests, screenshots). */
  defaultOpen?: boolean;
};

/** The teams I am in and the other members of each, as `<select>` options. */
function useTargets(isEnabled: boolean) {
  const myUserId = useAuthStore((state) => state.user?.id);
  const teams = useQuery({ ...teamsQueryOptions(), enabled: isEnabled });
  const details = useQueries({
    queries: (teams.data?.items ?? []).map((team) => ({ ...teamQueryOptions(team.id), enabled: isEnabled })),
  });
  return {
    teams,
    myUserId,
    details: details.flatMap((d) => (d.data ? [d.data] : [])),
    isLoadingMembers: details.some((d) => d.isPending),
  };
}

export function TeamShareDialog(props: Props) {
  const { subject, title, isOwner, needsUpgrade } = props;
  const [isOpen, setOpen] = useState(props.defaultOpen ?? false);
  const [target, setTarget] = useState('');
  const [canEdit, setCanEdit] = useState(false);
  const [canComment, setCanComment] = useState(true);
  const [canShare, setCanShare] = useState(false);
  const [expiry, setExpiry] = useState<ShareRequest['expiresInDays']>(null);
  const [planRefused, setPlanRefused] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const share = useShare(subject);
  const { teams, myUserId, details, isLoadingMembers } = useTargets(isOpen && !needsUpgrade);
  const ids = { target: useId(), expiry: useId(), heading: useId() };
  const noun = NOUN[subject.kind];

  function submit(event: FormEvent) {
    event.preventDefault();
    const [kind, id] = target.split(':');
    if (!id) return;
    const request: ShareRequest = {
      target: kind === 'team' ? { teamId: Number(id) } : { memberId: Number(id) },
      canEdit: subject.kind === 'idea' && canEdit,
      canComment,
      canShare,
      expiresInDays: expiry,
    };
    setDone(null);
    share.mutate(request, {
      onSuccess: (created) => {
        setTarget('');
        setDone(`Shared with ${created.teamName ? `the team ${created.teamName}` : (created.userName ?? 'them')}.`);
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'PLAN_REQUIRED') setPlanRefused(true);
      },
    });
  }

  const showUpgrade = needsUpgrade || planRefused;
  const hasTeams = (teams.data?.items.length ?? 0) > 0;

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Users aria-hidden="true" />
        Share with team
      </Button>
      <Dialog open={isOpen} onOpenChange={setOpen}>
        {/* One column that may shrink: a long e-mail in the select must not widen the dialog past a phone. */}
        <DialogContent className="grid-cols-1">
          <DialogTitle>Share with your team</DialogTitle>
          <DialogDescription>
            Give a team or one teammate access to “{title}” in Unbuilt. They sign in to see it; you choose what they may
            do and can revoke it at any time. (A public link is the separate “Share” button.)
          </DialogDescription>
          {showUpgrade ? (
            <div className="grid gap-2">
              {props.upgradePrompt}
              <p className="text-sm text-muted-foreground">
                Sharing with a team is part of Pro and Enterprise. Items others share with you stay open to you.
              </p>
            </div>
          ) : (
            <form className="grid gap-4" onSubmit={submit} aria-label={`Share this ${noun} with your team`}>
              {teams.isPending || isLoadingMembers ? <Spinner label="Loading your teams" /> : null}
              {teams.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {teams.error.message}
                </p>
              ) : null}
              {teams.isSuccess && !hasTeams ? (
                <p className="text-sm text-muted-foreground">
                  You are not in a team yet. Create one on the Teams page (account menu), invite people, then share.
                </p>
              ) : null}
              {hasTeams ? (
                <div className="grid gap-1">
                  <label htmlFor={ids.target} className="text-sm font-medium">
                    Share with
                  </label>
                  <select
                    id={ids.target}
                    required
                    value={target}
                    onChange={(e) => setTarget(e.target.value)}
                    className="min-h-11 w-full min-w-0 rounded-md border bg-background px-2 text-sm"
                  >
                    <option value="">Choose a team or a person…</option>
                    <optgroup label="Teams">
                      {teams.data?.items.map((team) => (
                        <option key={team.id} value={`team:${String(team.id)}`}>
                          Everyone in {team.name}
                        </option>
                      ))}
                    </optgroup>
                    {details.map((team) => (
                      <optgroup key={team.id} label={`People in ${team.name}`}>
                        {team.members
                          .filter((m) => m.userId !== myUserId)
                          .map((m) => (
                            <option key={m.id} value={`member:${String(m.id)}`}>
                              {m.name} ({m.email})
                            </option>
                          ))}
                      </optgroup>
                    ))}
                  </select>
                </div>
              ) : null}
              <fieldset className="grid gap-1">
                <legend className="text-sm font-medium">They may</legend>
                <Check label="Comment" checked={canComment} onChange={setCanComment} />
                {subject.kind === 'idea' ? (
                  <Check label="Edit the idea" checked={canEdit} onChange={setCanEdit} />
                ) : null}
                <Check label="Share it further" checked={canShare} onChange={setCanShare} />
                <p className="text-xs text-muted-foreground">Team viewers only read, whatever you tick.</p>
              </fieldset>
              <div className="grid gap-1">
                <label htmlFor={ids.expiry} className="text-sm font-medium">
                  Access ends
                </label>
                <select
                  id={ids.expiry}
                  value={expiry === null ? 'never' : String(expiry)}
                  onChange={(e) =>
                    setExpiry(e.target.value === 'never' ? null : (Number(e.target.value) as 1 | 7 | 30))
                  }
                  className="min-h-11 w-full min-w-0 rounded-md border bg-background px-2 text-sm"
                >
                  <option value="never">{EXPIRY_LABELS.never}</option>
                  {SHARE_EXPIRY_DAYS.map((days) => (
                    <option key={days} value={String(days)}>
                      After {EXPIRY_LABELS[days]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <Button type="submit" disabled={share.isPending || !hasTeams}>
                  {share.isPending ? 'Sharing…' : 'Share'}
                </Button>
              </div>
              <p role="status" className="text-sm text-muted-foreground empty:hidden">
                {done}
              </p>
              {share.isError && !planRefused ? (
                <p role="alert" className="text-sm text-destructive">
                  {share.error.message}
                </p>
              ) : null}
            </form>
          )}
          {isOwner && isOpen ? <CurrentShares subject={subject} hideWhenEmpty={showUpgrade} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function Check(props: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.label}
    </label>
  );
}

import { useQueries, useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import {
  SHARE_EXPIRY_DAYS,
  memberShareCreateSchema,
  teamShareCreateSchema,
} from '#shared/teams/collaboration.schemas.ts';
import { Checkbox, Select } from '#client/components/form/controls.tsx';
import { Field, FieldGroup } from '#client/components/form/field.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Form } from '#client/components/form/form.tsx';
import { useZodForm } from '#client/components/form/use-zod-form.ts';
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

// What the fields hold ("team:3" or "member:11", the expiry as text), turned into the request and
// checked by the server's own schemas. No target chosen is the one rule of this form alone.
const shareRequestSchema = z.union([teamShareCreateSchema, memberShareCreateSchema]);
const shareFormSchema = z
  .object({
    target: z.string().regex(/^(team|member):\d+$/, 'Choose a team or a person'),
    canEdit: z.boolean(),
    canComment: z.boolean(),
    canShare: z.boolean(),
    expiry: z.enum(['never', ...SHARE_EXPIRY_DAYS.map(String)]),
  })
  .transform(({ target, expiry, ...permissions }): z.input<typeof shareRequestSchema> => {
    const [kind, id] = target.split(':');
    const expiresInDays = expiry === 'never' ? null : (Number(expiry) as ShareRequest['expiresInDays']);
    return kind === 'team'
      ? { teamId: Number(id), ...permissions, expiresInDays }
      : { memberId: Number(id), ...permissions, expiresInDays };
  })
  .pipe(shareRequestSchema);

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
  const [planRefused, setPlanRefused] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const share = useShare(subject);
  const { teams, myUserId, details, isLoadingMembers } = useTargets(isOpen && !needsUpgrade);
  const form = useZodForm(shareFormSchema, {
    defaultValues: { target: '', canEdit: false, canComment: true, canShare: false, expiry: 'never' },
  });
  const noun = NOUN[subject.kind];

  function submit({ canEdit, ...request }: z.output<typeof shareFormSchema>) {
    const { canComment, canShare, expiresInDays } = request;
    const permissions = { canEdit: subject.kind === 'idea' && canEdit, canComment, canShare, expiresInDays };
    setDone(null);
    setFailure(null);
    share.mutate(
      {
        target: 'teamId' in request ? { teamId: request.teamId } : { memberId: request.memberId },
        ...permissions,
      },
      {
        onSuccess: (created) => {
          form.resetField('target');
          setDone(`Shared with ${created.teamName ? `the team ${created.teamName}` : (created.userName ?? 'them')}.`);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'PLAN_REQUIRED') setPlanRefused(true);
          else setFailure(error.message);
        },
      },
    );
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
            <Form form={form} className="grid gap-4" onValid={submit} aria-label={`Share this ${noun} with your team`}>
              {teams.isPending || isLoadingMembers ? <Spinner label="Loading your teams" /> : null}
              {teams.isError ? <FormAlert>{teams.error.message}</FormAlert> : null}
              {teams.isSuccess && !hasTeams ? (
                <p className="text-sm text-muted-foreground">
                  You are not in a team yet. Create one on the Teams page (account menu), invite people, then share.
                </p>
              ) : null}
              {hasTeams ? (
                <Field name="target" label="Share with">
                  <Select
                    className="w-full min-w-0 px-2 text-sm"
                    placeholder="Choose a team or a person…"
                    {...form.register('target')}
                  >
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
                  </Select>
                </Field>
              ) : null}
              <FieldGroup
                name="canComment"
                legend="They may"
                description="Team viewers only read, whatever you tick."
                className="grid gap-1"
              >
                <Checkbox label={<span className="font-normal">Comment</span>} {...form.register('canComment')} />
                {subject.kind === 'idea' ? (
                  <Checkbox label={<span className="font-normal">Edit the idea</span>} {...form.register('canEdit')} />
                ) : null}
                <Checkbox
                  label={<span className="font-normal">Share it further</span>}
                  {...form.register('canShare')}
                />
              </FieldGroup>
              <Field name="expiresInDays" label="Access ends">
                <Select
                  className="w-full min-w-0 px-2 text-sm"
                  options={[
                    { value: 'never', label: EXPIRY_LABELS.never },
                    ...SHARE_EXPIRY_DAYS.map((days) => ({
                      value: String(days),
                      label: `After ${EXPIRY_LABELS[days]}`,
                    })),
                  ]}
                  {...form.register('expiry')}
                />
              </Field>
              <div>
                <Button type="submit" disabled={share.isPending || !hasTeams}>
                  {share.isPending ? 'Sharing…' : 'Share'}
                </Button>
              </div>
              <p role="status" className="text-sm text-muted-foreground empty:hidden">
                {done}
              </p>
              {failure ? <FormAlert>{failure}</FormAlert> : null}
            </Form>
          )}
          {isOwner && isOpen ? <CurrentShares subject={subject} hideWhenEmpty={showUpgrade} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

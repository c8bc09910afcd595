import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { noDataSchema } from '#shared/api/envelope.schemas.ts';
import { activityPageSchema } from '#shared/teams/collaboration.schemas.ts';
import {
  invitationAcceptedSchema,
  invitationPreviewSchema,
  teamDetailSchema,
  teamInvitationSchema,
  teamListSchema,
  teamSummarySchema,
  type AssignableRole,
} from '#shared/teams/teams.schemas.ts';
import { deleteData, getData, patchData, postData } from '#client/lib/api-client.ts';

// /api/teams, /api/team-members, /api/team-invitations (server: features/teams/teams.routes.ts).

export const teamsKeys = {
  all: ['teams'] as const,
  team: (teamId: number) => ['teams', teamId] as const,
  activity: (teamId: number) => ['teams', teamId, 'activity'] as const,
  invitation: (token: string) => ['teams', 'invitation', token] as const,
};

export function teamsQueryOptions() {
  return queryOptions({ queryKey: teamsKeys.all, queryFn: () => getData('/api/teams', teamListSchema) });
}

export function teamQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: teamsKeys.team(teamId),
    queryFn: () => getData(`/api/teams/${String(teamId)}`, teamDetailSchema),
  });
}

export function teamActivityQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: teamsKeys.activity(teamId),
    queryFn: () => getData(`/api/teams/${String(teamId)}/activity?pageSize=20`, activityPageSchema),
  });
}

export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: teamsKeys.invitation(token),
    queryFn: () => postData('/api/team-invitations/preview', { token }, invitationPreviewSchema),
  });
}

function useTeamsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamsKeys.all }) });
}

export function useCreateTeam() {
  return useTeamsMutation((input: { name: string; description: string }) =>
    postData('/api/teams', input, teamSummarySchema),
  );
}

export function useInvite(teamId: number) {
  return useTeamsMutation((input: { email: string; role: AssignableRole }) =>
    postData(`/api/teams/${String(teamId)}/invitations`, input, teamInvitationSchema),
  );
}

export function useWithdrawInvitation() {
  return useTeamsMutation((invitationId: number) =>
    deleteData(`/api/team-invitations/${String(invitationId)}`, teamInvitationSchema),
  );
}

export function useChangeRole() {
  return useTeamsMutation((input: { memberId: number; role: AssignableRole }) =>
    patchData(`/api/team-members/${String(input.memberId)}`, { role: input.role }, teamDetailSchema),
  );
}

/** Removes a member, or leaves when it is your own membership. */
export function useRemoveMember() {
  return useTeamsMutation((memberId: number) => deleteData(`/api/team-members/${String(memberId)}`, noDataSchema));
}

export function useTransferOwnership() {
  return useTeamsMutation((memberId: number) =>
    postData(`/api/team-members/${String(memberId)}/transfer-ownership`, {}, teamDetailSchema),
  );
}

export function useDeleteTeam() {
  return useTeamsMutation((teamId: number) => deleteData(`/api/teams/${String(teamId)}`, noDataSchema));
}

export function useAnswerInvitation() {
  return useTeamsMutation(async (input: { token: string; answer: 'accept' | 'decline' }) =>
    input.answer === 'accept'
      ? postData('/api/team-invitations/accept', { token: input.token }, invitationAcceptedSchema)
      : postData('/api/team-invitations/decline', { token: input.token }, noDataSchema).then(() => null),
  );
}

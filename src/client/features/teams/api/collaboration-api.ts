import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { noDataSchema } from '#shared/api/envelope.schemas.ts';
import {
  commentListSchema,
  commentSchema,
  shareListSchema,
  shareSchema,
  sharedAnalysisViewSchema,
  sharedIdeaViewSchema,
  sharedItemListSchema,
  type ReactionEmoji,
  type ShareSubjectKind,
} from '#shared/teams/collaboration.schemas.ts';
import { deleteData, getData, patchData, postData, requestEnvelope } from '#client/lib/api-client.ts';
import { teamsKeys } from './teams-api.ts';

// Sharing an analysis or an idea with a team or a member, and comments on it (server:
// features/teams/collaboration.routes.ts). Every key starts with 'teams', so a change to a team
// (a member removed) refreshes what was shared through it too.

export type Subject = { kind: ShareSubjectKind; id: number };

const BASE: Record<ShareSubjectKind, string> = { analysis: '/api/searches', idea: '/api/ideas' };

function subjectPath(subject: Subject, rest: string): string {
  return `${BASE[subject.kind]}/${String(subject.id)}/${rest}`;
}

export const collaborationKeys = {
  all: ['teams', 'collaboration'] as const,
  subject: (subject: Subject) => ['teams', 'collaboration', subject.kind, subject.id] as const,
  shares: (subject: Subject) => [...collaborationKeys.subject(subject), 'shares'] as const,
  comments: (subject: Subject) => [...collaborationKeys.subject(subject), 'comments'] as const,
  view: (subject: Subject) => [...collaborationKeys.subject(subject), 'view'] as const,
  sharedWithMe: () => ['teams', 'collaboration', 'shared-with-me'] as const,
};

export function sharesQueryOptions(subject: Subject) {
  return queryOptions({
    queryKey: collaborationKeys.shares(subject),
    queryFn: () => getData(subjectPath(subject, 'team-shares'), shareListSchema),
  });
}

export function commentsQueryOptions(subject: Subject) {
  return queryOptions({
    queryKey: collaborationKeys.comments(subject),
    queryFn: () => getData(subjectPath(subject, 'comments'), commentListSchema),
  });
}

export function sharedWithMeQueryOptions() {
  return queryOptions({
    queryKey: collaborationKeys.sharedWithMe(),
    queryFn: () => getData('/api/shared-with-me', sharedItemListSchema),
  });
}

export function sharedAnalysisViewQueryOptions(searchId: number) {
  return queryOptions({
    queryKey: collaborationKeys.view({ kind: 'analysis', id: searchId }),
    queryFn: () => getData(`/api/shared/analyses/${String(searchId)}`, sharedAnalysisViewSchema),
  });
}

export function sharedIdeaViewQueryOptions(ideaId: number) {
  return queryOptions({
    queryKey: collaborationKeys.view({ kind: 'idea', id: ideaId }),
    queryFn: () => getData(`/api/shared/ideas/${String(ideaId)}`, sharedIdeaViewSchema),
  });
}

function useSubjectMutation<I, O>(subject: Subject, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The whole 'teams' key: a share or a comment also changes the team's activity feed.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamsKeys.all }),
  });
}

export type ShareRequest = {
  target: { teamId: number } | { memberId: number };
  canEdit: boolean;
  canComment: boolean;
  canShare: boolean;
  expiresInDays: 1 | 7 | 30 | null;
};

export function useShare(subject: Subject) {
  return useSubjectMutation(subject, ({ target, ...permissions }: ShareRequest) =>
    'teamId' in target
      ? postData(subjectPath(subject, 'team-shares'), { teamId: target.teamId, ...permissions }, shareSchema)
      : postData(subjectPath(subject, 'member-shares'), { memberId: target.memberId, ...permissions }, shareSchema),
  );
}

export function useRevokeShare(subject: Subject) {
  return useSubjectMutation(subject, (shareId: number) =>
    deleteData(`/api/team-shares/${String(shareId)}`, noDataSchema),
  );
}

export function useAddComment(subject: Subject) {
  return useSubjectMutation(subject, (input: { content: string; parentId?: number; opportunityId?: number }) =>
    postData(subjectPath(subject, 'comments'), input, commentSchema),
  );
}

export function useEditComment(subject: Subject) {
  return useSubjectMutation(subject, (input: { id: number; content: string }) =>
    patchData(`/api/comments/${String(input.id)}`, { content: input.content }, commentSchema),
  );
}

export function useDeleteComment(subject: Subject) {
  return useSubjectMutation(subject, (id: number) => deleteData(`/api/comments/${String(id)}`, noDataSchema));
}

export function useResolveComment(subject: Subject) {
  return useSubjectMutation(subject, (input: { id: number; isResolved: boolean }) =>
    postData(`/api/comments/${String(input.id)}/resolve`, { isResolved: input.isResolved }, commentSchema),
  );
}

export function useReact(subject: Subject) {
  return useSubjectMutation(subject, async (input: { id: number; emoji: ReactionEmoji; on: boolean }) => {
    const { data } = await requestEnvelope(`/api/comments/${String(input.id)}/reactions`, commentSchema, {
      method: 'PUT',
      body: { emoji: input.emoji, on: input.on },
    });
    return data;
  });
}

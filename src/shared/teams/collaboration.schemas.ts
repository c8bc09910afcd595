import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../api/list.schemas.ts';
import { idSchema } from '../api/params.schemas.ts';
import { opportunitySchema } from '../engine/analysis.schemas.ts';
import { watchRunSchema } from '../watches/watches.schemas.ts';

// Sharing an analysis or an idea with a team or a member, comments on it, and the team's activity
// feed (issue 18, docs/product/teams.md). Permissions are enforced by the server on every action.

export const COMMENT_MAX_LENGTH = 2000;
/** What can be shared with a team and commented on. */
export const SHARE_SUBJECTS = ['analysis', 'idea'] as const;
export type ShareSubjectKind = (typeof SHARE_SUBJECTS)[number];
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
/** The reactions a comment can get, one of each per person. */
export const REACTION_EMOJI = ['👍', '🎉', '❤️', '🤔', '👀'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];

const sharePermissions = {
  canEdit: z.boolean().default(false),
  canComment: z.boolean().default(true),
  canShare: z.boolean().default(false),
  /** Days until the share stops working; null = until revoked. */
  expiresInDays: z
    .union(
      [z.literal(SHARE_EXPIRY_DAYS[0]), z.literal(SHARE_EXPIRY_DAYS[1]), z.literal(SHARE_EXPIRY_DAYS[2]), z.null()],
      {
        message: 'Choose 1, 7 or 30 days, or no expiry',
      },
    )
    .default(null),
};
export const teamShareCreateSchema = z.strictObject({ teamId: idSchema, ...sharePermissions });
/** One member: a team_members id of a team the person sharing belongs to. */
export const memberShareCreateSchema = z.strictObject({ memberId: idSchema, ...sharePermissions });
export type ShareInput = z.output<typeof memberShareCreateSchema> | z.output<typeof teamShareCreateSchema>;

export const shareSchema = z.object({
  id: z.number().int(),
  /** The analysis shared, or null when it is an idea. */
  searchId: z.number().int().nullable(),
  /** The idea shared, or null when it is an analysis. */
  ideaId: z.number().int().nullable(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  sharedBy: z.string(),
  canEdit: z.boolean(),
  canComment: z.boolean(),
  canShare: z.boolean(),
  sharedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type ShareDto = z.infer<typeof shareSchema>;
export const shareListSchema = z.object({ items: z.array(shareSchema) });

/** One analysis or idea others shared with me, with what I may do with it. */
export const sharedItemSchema = z.object({
  shareId: z.number().int(),
  kind: z.enum(SHARE_SUBJECTS),
  /** The analysis (searches.id) or idea id. */
  id: z.number().int(),
  /** The analysis's query or the idea's title. */
  title: z.string(),
  sharedBy: z.string(),
  via: z.string(),
  canEdit: z.boolean(),
  canComment: z.boolean(),
  canShare: z.boolean(),
  sharedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type SharedItem = z.infer<typeof sharedItemSchema>;
export const sharedItemListSchema = z.object({ items: z.array(sharedItemSchema) });

/** What the person looking may do: everything as the owner, else what their live shares grant. */
const viewerRights = {
  isOwner: z.boolean(),
  canEdit: z.boolean(),
  canComment: z.boolean(),
  canShare: z.boolean(),
};
export const viewerRightsSchema = z.object(viewerRights);
export type ViewerRights = z.infer<typeof viewerRightsSchema>;

export const sharedAnalysisViewSchema = z.object({
  searchId: z.number().int(),
  query: z.string(),
  timestamp: z.string(),
  ...viewerRights,
  opportunities: z.array(opportunitySchema.extend({ id: z.number().int() })),
  /** The latest re-run of a watched analysis ("What changed"); null when it is not watched or not re-run yet. */
  whatChanged: watchRunSchema.nullable(),
});
export type SharedAnalysisView = z.infer<typeof sharedAnalysisViewSchema>;

/** What the person looking may do with an idea (its content: GET /api/ideas/:id, which honours shares). */
export const sharedIdeaViewSchema = z.object({ ideaId: z.number().int(), title: z.string(), ...viewerRights });
export type SharedIdeaView = z.infer<typeof sharedIdeaViewSchema>;

const content = z
  .string({ message: 'Write a comment first' })
  .trim()
  .min(1, 'Write a comment first')
  .max(COMMENT_MAX_LENGTH, `At most ${COMMENT_MAX_LENGTH} characters`);

export const commentCreateSchema = z.strictObject({
  content,
  parentId: idSchema.optional(),
  opportunityId: idSchema.optional(),
});
export const commentUpdateSchema = z.strictObject({ content });
export const commentResolveSchema = z.strictObject({ isResolved: z.boolean() });
export const reactionSchema = z.strictObject({
  emoji: z.enum(REACTION_EMOJI, { message: 'Not one of the reactions' }),
  on: z.boolean(),
});

export const commentSchema = z.object({
  id: z.number().int(),
  /** The analysis commented on, or null for a comment on an idea. */
  searchId: z.number().int().nullable(),
  /** The idea commented on, or null for a comment on an analysis. */
  ideaId: z.number().int().nullable(),
  opportunityId: z.number().int().nullable(),
  parentId: z.number().int().nullable(),
  author: z.string(),
  isMine: z.boolean(),
  /** Plain text: the client renders it as text, never as HTML. */
  content: z.string(),
  isResolved: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  reactions: z.array(z.object({ emoji: z.enum(REACTION_EMOJI), count: z.number().int(), isMine: z.boolean() })),
});
export type CommentDto = z.infer<typeof commentSchema>;
export const commentListSchema = z.object({ items: z.array(commentSchema) });

export const ACTIVITY_ACTIONS = ['joined', 'shared', 'commented', 'resolved'] as const;
export const activityQuerySchema = listQuerySchema().extend({
  searchId: idSchema.optional(),
  ideaId: idSchema.optional(),
  action: z.enum(ACTIVITY_ACTIONS).optional(),
});
export const activitySchema = z.object({
  id: z.number().int(),
  action: z.enum(ACTIVITY_ACTIONS),
  who: z.string(),
  searchId: z.number().int().nullable(),
  ideaId: z.number().int().nullable(),
  summary: z.string(),
  timestamp: z.string(),
});
export type ActivityDto = z.infer<typeof activitySchema>;
export const activityPageSchema = pageSchema(activitySchema);

import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../api/list.schemas.ts';
import { idSchema } from '../api/params.schemas.ts';
import { opportunitySchema } from '../engine/analysis.schemas.ts';

// Sharing an analysis with a team or a member, comments on it, and the team's activity feed
// (issue 18, docs/product/teams.md). Permissions are enforced by the server on every action.

export const COMMENT_MAX_LENGTH = 2000;
/** The reactions a comment can get, one of each per person. */
export const REACTION_EMOJI = ['👍', '🎉', '❤️', '🤔', '👀'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];

const sharePermissions = {
  canEdit: z.boolean().default(false),
  canComment: z.boolean().default(true),
  canShare: z.boolean().default(false),
  /** Days until the share stops working; null = until revoked. */
  expiresInDays: z
    .union([z.literal(1), z.literal(7), z.literal(30), z.null()], { message: 'Choose 1, 7 or 30 days, or no expiry' })
    .default(null),
};
export const teamShareCreateSchema = z.strictObject({ teamId: idSchema, ...sharePermissions });
/** One member: a team_members id of a team the person sharing belongs to. */
export const memberShareCreateSchema = z.strictObject({ memberId: idSchema, ...sharePermissions });
export type ShareInput = z.output<typeof memberShareCreateSchema> | z.output<typeof teamShareCreateSchema>;

export const shareSchema = z.object({
  id: z.number().int(),
  searchId: z.number().int(),
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

/** One analysis others shared with me, with what I may do with it. */
export const sharedItemSchema = z.object({
  searchId: z.number().int(),
  query: z.string(),
  sharedBy: z.string(),
  via: z.string(),
  canComment: z.boolean(),
  sharedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export const sharedItemListSchema = z.object({ items: z.array(sharedItemSchema) });

export const sharedAnalysisViewSchema = z.object({
  searchId: z.number().int(),
  query: z.string(),
  timestamp: z.string(),
  isOwner: z.boolean(),
  canComment: z.boolean(),
  opportunities: z.array(opportunitySchema.extend({ id: z.number().int() })),
});
export type SharedAnalysisView = z.infer<typeof sharedAnalysisViewSchema>;

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
  searchId: z.number().int(),
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
  action: z.enum(ACTIVITY_ACTIONS).optional(),
});
export const activitySchema = z.object({
  id: z.number().int(),
  action: z.enum(ACTIVITY_ACTIONS),
  who: z.string(),
  searchId: z.number().int().nullable(),
  summary: z.string(),
  timestamp: z.string(),
});
export type ActivityDto = z.infer<typeof activitySchema>;
export const activityPageSchema = pageSchema(activitySchema);

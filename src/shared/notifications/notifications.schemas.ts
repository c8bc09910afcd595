import { z } from 'zod';
import { pageSchema, listQuerySchema } from '../api/list.schemas.ts';

// In-app and e-mail notifications (issue 18, ADR 027). What happened is a `kind`; which e-mail
// preference governs it is its `category` (user_preferences.notificationPreferences.categories).

export const NOTIFICATION_KINDS = ['mention', 'reply', 'share', 'team_join', 'market_change'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The e-mail categories a user can choose (an empty list in the preferences means all of them). */
export const NOTIFICATION_CATEGORIES = ['mentions', 'replies', 'shares', 'team', 'watches'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const CATEGORY_OF_KIND: Record<NotificationKind, NotificationCategory> = {
  mention: 'mentions',
  reply: 'replies',
  share: 'shares',
  team_join: 'team',
  market_change: 'watches',
};

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  mentions: 'Someone mentions me in a comment',
  replies: 'Someone replies to my comment',
  shares: 'Something is shared with me',
  team: 'Someone joins a team through my invitation',
  watches: 'A market I watch changed on new data',
};

/** How often the bell asks for the unread count while the app is open (no websockets). */
export const NOTIFICATION_POLL_MS = 60_000;
/** Most mentions one comment can notify (a comment naming 40 people is not a conversation). */
export const MAX_MENTIONS_PER_COMMENT = 10;

/** Where a notification leads: an analysis (optionally one comment on it), an idea, or a team. */
export const notificationTargetSchema = z.object({
  kind: z.enum(['analysis', 'idea', 'team']),
  id: z.number().int(),
  commentId: z.number().int().nullable(),
  /** Whether the recipient owns the analysis/idea (owners open their own page, others the shared view). */
  isOwner: z.boolean(),
  /** A section of the page to open at (a watched market's "What changed"). */
  section: z.enum(['what-changed']).optional(),
});
export type NotificationTarget = z.infer<typeof notificationTargetSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** One line, e.g. 'Olivia Owner mentioned you on “dental clinics”'. */
  summary: z.string(),
  /** The start of the comment, when the notification is about one. */
  excerpt: z.string().nullable(),
  actor: z.string().nullable(),
  target: notificationTargetSchema.nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = listQuerySchema({ defaultPageSize: 20 }).extend({
  /** `unread`: only unread ones; `all` (default): unread first, then the rest, newest first in each. */
  filter: z.enum(['all', 'unread']).default('all'),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const notificationPageSchema = pageSchema(notificationSchema);

export const unreadCountSchema = z.object({ unread: z.number().int() });
export const markedReadSchema = z.object({ marked: z.number().int(), unread: z.number().int() });

/** The signed token of an e-mail's unsubscribe link. */
export const unsubscribeBodySchema = z.object({ token: z.string().trim().min(1).max(300) });
export const unsubscribeQuerySchema = z.object({ token: z.string().trim().min(1).max(300) });
export const unsubscribedSchema = z.object({ email: z.string(), frequency: z.literal('never') });

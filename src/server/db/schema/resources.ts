import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { DifficultyLevel, IdeaType, ResourcePhase, ResourceType } from '#shared/resources/resources.schemas.ts';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

// docs/product/data.md resource tables and help_articles. Full-text search: each searchable table
// carries a stored generated tsvector (weights A title, B description, C tags) with a GIN index, so
// the same SQL ranks on PGlite and PostgreSQL and no trigger has to keep it in step (ADR 018).

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** setweight(to_tsvector('english', …)) per field; the tags go in as a plain text column. */
function weightedVector(title: AnyPgColumn | SQL, description: AnyPgColumn | SQL, tags: AnyPgColumn | SQL): SQL {
  return sql`setweight(to_tsvector('english', coalesce(${title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${description}, '')), 'B') || setweight(to_tsvector('english', coalesce(${tags}, '')), 'C')`;
}

export const resourceCategories = pgTable('resource_categories', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  slug: text().notNull().unique(),
  description: text(),
  icon: text(),
  displayOrder: integer().notNull().default(0),
  parentId: integer().references((): AnyPgColumn => resourceCategories.id, { onDelete: 'set null' }),
});
export type ResourceCategoryRow = typeof resourceCategories.$inferSelect;

export const resourceTags = pgTable('resource_tags', {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  usageCount: integer().notNull().default(0),
});

export type ResourceMetadata = {
  /** Who publishes the resource (author or organisation). */
  attribution?: string;
  /** ISO date the entry's title and URL were last checked. */
  lastCheckedAt?: string;
  /** The seed key of a seeded resource (updates in place on start). */
  seedKey?: string;
};

export const resources = pgTable(
  'resources',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    description: text().notNull(),
    url: text().notNull(),
    resourceType: text({ enum: ['tool', 'template', 'guide', 'video', 'article'] })
      .$type<ResourceType>()
      .notNull(),
    categoryId: integer().references(() => resourceCategories.id, { onDelete: 'set null' }),
    phaseRelevance: text()
      .array()
      .$type<ResourcePhase[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    ideaTypes: text()
      .array()
      .$type<IdeaType[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    difficultyLevel: text({ enum: ['beginner', 'intermediate', 'advanced'] })
      .$type<DifficultyLevel>()
      .notNull(),
    estimatedTimeMinutes: integer().notNull(),
    isPremium: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    averageRating: doublePrecision().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    viewCount: integer().notNull().default(0),
    bookmarkCount: integer().notNull().default(0),
    metadata: jsonb().$type<ResourceMetadata>().notNull().default({}),
    /** The tag names joined by spaces, kept by the service whenever the mappings change (feeds searchVector). */
    tagText: text().notNull().default(''),
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs((): SQL =>
        weightedVector(sql.raw('"title"'), sql.raw('"description"'), sql.raw('"tag_text"')),
      ),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('resources_url_unique').on(t.url),
    index('resources_search_idx').using('gin', t.searchVector),
    index('resources_category_idx').on(t.categoryId),
    // One partial index per sort without words (resource-search.service.ts `ordering`), so the first page
    // is an index walk that stops after the page instead of sorting every active resource.
    index('resources_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.asc())
      .where(sql`${t.isActive}`),
    index('resources_rating_idx')
      .on(t.averageRating.desc().nullsFirst(), t.ratingCount.desc().nullsFirst(), t.id.asc())
      .where(sql`${t.isActive}`),
    index('resources_bookmarks_idx')
      .on(t.bookmarkCount.desc().nullsFirst(), t.id.asc())
      .where(sql`${t.isActive}`),
    index('resources_popular_idx')
      .on(t.averageRating.desc().nullsFirst(), t.bookmarkCount.desc().nullsFirst(), t.title.asc(), t.id.asc())
      .where(sql`${t.isActive}`),
  ],
);
export type ResourceRow = typeof resources.$inferSelect;

export const resourceTagMappings = pgTable(
  'resource_tag_mappings',
  {
    resourceId: integer()
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => resourceTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.tagId] }), index('resource_tag_mappings_tag_idx').on(t.tagId)],
);

export const userBookmarks = pgTable(
  'user_bookmarks',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceId: integer()
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    notes: text(),
    customTags: text()
      .array()
      .$type<string[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_bookmarks_user_resource_unique').on(t.userId, t.resourceId)],
);
export type UserBookmarkRow = typeof userBookmarks.$inferSelect;

export const resourceRatings = pgTable(
  'resource_ratings',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceId: integer()
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    review: text(),
    isHelpfulCount: integer().notNull().default(0),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('resource_ratings_user_resource_unique').on(t.userId, t.resourceId),
    index('resource_ratings_resource_idx').on(t.resourceId),
  ],
);

/** One "helpful" vote per user per review (isHelpfulCount counts these rows). */
export const resourceReviewVotes = pgTable(
  'resource_review_votes',
  {
    ratingId: integer()
      .notNull()
      .references(() => resourceRatings.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ratingId, t.userId] })],
);

export const resourceContributions = pgTable(
  'resource_contributions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    url: text().notNull(),
    suggestedCategoryId: integer().references(() => resourceCategories.id, { onDelete: 'set null' }),
    suggestedTags: text()
      .array()
      .$type<string[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    adminNotes: text(),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz(),
    /** The resource an approval created. */
    resourceId: integer().references(() => resources.id, { onDelete: 'set null' }),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('resource_contributions_user_idx').on(t.userId, t.createdAt.desc()),
    index('resource_contributions_status_idx').on(t.status, t.createdAt),
  ],
);
export type ResourceContributionRow = typeof resourceContributions.$inferSelect;

export const resourceAccessHistory = pgTable(
  'resource_access_history',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceId: integer()
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    analysisId: integer(),
    actionPlanStepId: text(),
    accessType: text({ enum: ['view', 'download', 'external_link'] }).notNull(),
    durationSeconds: integer(),
    accessedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('resource_access_history_day_idx').on(t.accessedAt),
    index('resource_access_history_user_idx').on(t.userId, t.accessedAt.desc()),
  ],
);

/** Per resource per UTC day, written by the daily aggregation job from the access history and bookmarks. */
export const resourceAnalytics = pgTable(
  'resource_analytics',
  {
    resourceId: integer()
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
    uniqueUsers: integer().notNull().default(0),
    bookmarks: integer().notNull().default(0),
    downloads: integer().notNull().default(0),
    externalClicks: integer().notNull().default(0),
    /** Null when no access that day reported a duration. */
    avgTimeSpentSeconds: doublePrecision(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.day] })],
);

export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    summary: text().notNull().default(''),
    content: text().notNull(),
    /** The page the article helps with (a route path such as /search-result/:id), or null. */
    context: text(),
    category: text().notNull(),
    tags: text()
      .array()
      .$type<string[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    videoUrl: text(),
    relatedArticles: text()
      .array()
      .$type<string[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    viewCount: integer().notNull().default(0),
    helpfulCount: integer().notNull().default(0),
    displayOrder: integer().notNull().default(0),
    tagText: text().notNull().default(''),
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs((): SQL =>
        weightedVector(sql.raw('"title"'), sql.raw(`"summary" || ' ' || "content"`), sql.raw('"tag_text"')),
      ),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('help_articles_search_idx').using('gin', t.searchVector)],
);
export type HelpArticleRow = typeof helpArticles.$inferSelect;

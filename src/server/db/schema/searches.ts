import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import type { Competitor, Evidence, Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { ImportedFrom } from '#shared/searches/search.schemas.ts';
import type { MarketReportDto } from '#shared/market-research/market-research.schemas.ts';
import { users } from './users.ts';

// docs/product/data.md `searches`, plus what makes an analysis reproducible and honest: its status, the filters
// it ran with, the corpus and rubric versions, and how its text was composed (offline, LLM, fallback).
export const searches = pgTable(
  'searches',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text().notNull(),
    timestamp: timestamptz().notNull().defaultNow(),
    resultsCount: integer().notNull().default(0),
    isFavorite: boolean().notNull().default(false),
    filters: jsonb().$type<SearchFilters>().notNull(),
    status: text({ enum: ['ok', 'insufficient_data'] }).notNull(),
    reason: text(),
    engine: text({ enum: ['offline', 'llm'] }).notNull(),
    composerMode: text({ enum: ['offline', 'llm', 'offline_fallback'] }).notNull(),
    composerModel: text(),
    composerError: text(),
    tokensUsed: integer(),
    corpusVersion: text().notNull(),
    corpusKind: text({ enum: ['full', 'seed'] }).notNull(),
    corpusSources: jsonb().$type<string[]>().notNull().default([]),
    rubricVersion: text().notNull(),
    semanticRetrieval: boolean().notNull().default(false),
    retrievalNote: text(),
    facets: jsonb().$type<{ offering: string[]; segment: string[]; keywords: string[] }>().notNull(),
    warnings: jsonb().$type<string[]>().notNull().default([]),
    durationMs: integer().notNull().default(0),
    // Set on a read-only copy made from an imported bundle (docs/decisions/023): when the analysis
    // originally ran, when it was exported, and whether the bundle's signature verified on this server.
    importedFrom: jsonb().$type<ImportedFrom>(),
  },
  (t) => [
    // NULLS FIRST is what `ORDER BY … DESC` means: with drizzle's default (NULLS LAST) the history
    // page sorted every one of the user's searches instead of reading its page off the index (ADR 047).
    index('searches_user_timestamp_idx').on(t.userId, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('searches_timestamp_idx').on(t.timestamp),
  ],
);

// Every field of docs/product/data.md `search_results`, plus the evidence, competitors and score breakdowns that
// make each number checkable.
export const searchResults = pgTable(
  'search_results',
  {
    id: serial().primaryKey(),
    searchId: integer()
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    rank: integer().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    category: text().notNull(),
    feasibility: integer().notNull(),
    marketPotential: text().notNull(),
    innovationScore: integer().notNull(),
    // Null: not sized (the evidence counts nobody who buys), never 0.
    marketSize: integer(),
    gapReason: text().notNull(),
    isSaved: boolean().notNull().default(false),
    savedAt: timestamptz(),
    confidenceScore: integer().notNull().default(75),
    priority: text({ enum: ['high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    actionableRecommendations: jsonb().$type<string[]>().notNull().default([]),
    competitorAnalysis: text().notNull(),
    industryContext: text().notNull(),
    targetAudience: text().notNull(),
    keyTrends: jsonb().$type<string[]>().notNull().default([]),
    opportunityScore: real().notNull(),
    relevance: real().notNull(),
    latestEvidenceDate: text(),
    cell: jsonb().$type<Opportunity['cell']>().notNull(),
    competitors: jsonb().$type<Competitor[]>().notNull().default([]),
    evidence: jsonb().$type<Evidence[]>().notNull().default([]),
    breakdown: jsonb().$type<Opportunity['breakdown']>().notNull(),
    riskFlags: jsonb().$type<string[]>().notNull().default([]),
    composedBy: text({ enum: ['offline', 'llm'] }),
  },
  (t) => [
    index('search_results_search_idx').on(t.searchId, t.rank),
    index('search_results_saved_idx')
      .on(t.isSaved)
      .where(sql`${t.isSaved}`),
  ],
);

// docs/product/data.md `projects` and `project_analyses`: a user's folders of analyses.
export const projects = pgTable(
  'projects',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 200 }).notNull(),
    description: text(),
    tags: jsonb().$type<string[]>().notNull().default([]),
    archived: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('projects_user_idx').on(t.userId)],
);

export const projectAnalyses = pgTable(
  'project_analyses',
  {
    id: serial().primaryKey(),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    searchId: integer()
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    addedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_analyses_pair_unique').on(t.projectId, t.searchId),
    index('project_analyses_search_idx').on(t.searchId),
  ],
);

export type SearchRow = typeof searches.$inferSelect;
export type SearchResultRow = typeof searchResults.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;

// Market research reports (issue 16): one market's profile, opportunities and caveats as the user
// saw them, kept with the corpus version they came from.
export const marketReports = pgTable(
  'market_reports',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    market: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    status: text({ enum: ['ok', 'empty'] }).notNull(),
    corpusVersion: text().notNull(),
    corpusKind: text({ enum: ['full', 'seed'] }).notNull(),
    countedAsSearch: boolean().notNull(),
    report: jsonb()
      .$type<
        Pick<MarketReportDto, 'profile' | 'opportunities' | 'opportunitiesNote' | 'caveats'> &
          // Absent on reports saved before the customers section.
          Partial<Pick<MarketReportDto, 'customers'>>
      >()
      .notNull(),
    /** The analysis the report was started from ("Research this market"); the user's own, checked on insert. */
    sourceSearchId: integer().references(() => searches.id, { onDelete: 'set null' }),
  },
  (t) => [index('market_reports_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

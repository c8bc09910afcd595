import { doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { HypothesisStatus, IdeaValidation } from '#shared/ideas/ideas.schemas.ts';
import type { MarketSizeInputs } from '#shared/ideas/market-size.ts';
import type { ProjectionAssumptions, Projections } from '#shared/ideas/projections.ts';
import { timestamptz } from './columns.ts';
import { searchResults } from './searches.ts';
import { users } from './users.ts';

// docs/product/data.md `ideas`, plus what makes a validation checkable: the stored
// validation (scores, factors, evidence), the user's projection assumptions and market-size inputs.
export const ideas = pgTable(
  'ideas',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    targetMarket: text().notNull(),
    businessModel: text().notNull(),
    category: text({
      enum: [
        'tech',
        'healthcare',
        'fintech',
        'ecommerce',
        'saas',
        'marketplace',
        'education',
        'sustainability',
        'other',
      ],
    }).notNull(),
    originalityScore: integer(),
    credibilityScore: integer(),
    marketGapScore: integer(),
    competitionScore: integer(),
    overallScore: integer(),
    initialInvestment: doublePrecision(),
    monthlyRevenue: doublePrecision(),
    monthlyExpenses: doublePrecision(),
    /** Base scenario's break-even month when within the 36 charted months, else null. */
    breakEvenMonths: integer(),
    /** Base scenario's ROI at 36 months in percent; null without an investment. */
    projectedRoi: doublePrecision(),
    financialProjections: jsonb().$type<Projections>(),
    assumptions: jsonb().$type<ProjectionAssumptions>().notNull(),
    marketSizeInputs: jsonb().$type<MarketSizeInputs>(),
    validation: jsonb().$type<IdeaValidation>(),
    sourceSearchResultId: integer().references(() => searchResults.id, { onDelete: 'set null' }),
    status: text({ enum: ['draft', 'validated', 'archived'] })
      .notNull()
      .default('draft'),
    /** The status to return to when unarchived. */
    statusBeforeArchive: text({ enum: ['draft', 'validated'] }),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('ideas_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.id.desc())],
);
export type IdeaRow = typeof ideas.$inferSelect;

// Falsifiable hypotheses drawn from an idea's weakest scores; `key` is stable across re-validations
// so a recorded result survives when the same hypothesis comes back.
export const ideaHypotheses = pgTable(
  'idea_hypotheses',
  {
    id: serial().primaryKey(),
    ideaId: integer()
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    rank: integer().notNull(),
    basedOn: text({ enum: ['originality', 'credibility', 'marketGap', 'competition', 'overall'] }).notNull(),
    evidenceIds: jsonb().$type<string[]>().notNull().default([]),
    statement: text().notNull(),
    killCriterion: text().notNull(),
    interviewScript: jsonb().$type<string[]>().notNull(),
    status: text({ enum: ['untested', 'supported', 'killed'] })
      .$type<HypothesisStatus>()
      .notNull()
      .default('untested'),
    result: text(),
    recordedAt: timestamptz(),
  },
  (t) => [uniqueIndex('idea_hypotheses_idea_key_idx').on(t.ideaId, t.key)],
);
export type IdeaHypothesisRow = typeof ideaHypotheses.$inferSelect;

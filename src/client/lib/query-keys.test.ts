import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { analyticsKeys } from '#client/features/analytics/api/analytics-api.ts';
import { currentUserQueryOptions } from '#client/features/auth/api/auth-api.ts';
import { conversationQueryOptions } from '#client/features/chat/api/chat-api.ts';
import { helpArticleQueryOptions } from '#client/features/help/api/help-api.ts';
import { marketReportQueryOptions } from '#client/features/market-research/api/market-research-api.ts';
import { projectsQueryOptions } from '#client/features/projects/api/projects-api.ts';
import { searchDetailQueryOptions } from '#client/features/searches/api/searches-api.ts';
import { sharesQueryOptions, sharedWithMeQueryOptions } from '#client/features/teams/api/collaboration-api.ts';
import { teamActivityQueryOptions, teamsKeys } from '#client/features/teams/api/teams-api.ts';
import { trendingQueryOptions } from '#client/features/trends/api/trends-api.ts';
import { usageQueryOptions } from '#client/features/usage/api/usage-api.ts';
import { sharedQueryRoots } from './query-keys.ts';

// Keys moved from inline arrays to the features' factories name the same queries as before, and an
// invalidation by another feature's root (a search run refreshing usage) still reaches them.

/** Whether invalidateQueries({ queryKey: filter }) reaches a query with this key (TanStack's own matcher). */
const reaches = (filter: QueryKey, key: QueryKey) => partialMatchKey(key, filter);

describe('query keys from the factories', () => {
  it('are the keys the inline arrays named', () => {
    expect(currentUserQueryOptions().queryKey).toEqual(['auth', 'user']);
    expect(conversationQueryOptions(7).queryKey).toEqual(['chat', 'conversation', 7]);
    expect(helpArticleQueryOptions('plans').queryKey).toEqual(['help', 'article', 'plans']);
    expect(marketReportQueryOptions(3).queryKey).toEqual(['market-research', 'report', 3]);
    expect(teamActivityQueryOptions(2).queryKey).toEqual(['teams', 2, 'activity']);
    expect(sharesQueryOptions({ kind: 'idea', id: 5 }).queryKey).toEqual([
      'teams',
      'collaboration',
      'idea',
      5,
      'shares',
    ]);
    expect(sharedWithMeQueryOptions().queryKey).toEqual(['teams', 'collaboration', 'shared-with-me']);
    expect(analyticsKeys.drift(null)).toEqual(['analytics', 'drift', null]);
    expect(usageQueryOptions().queryKey).toEqual(['usage']);
    expect(trendingQueryOptions().queryKey).toEqual(['trends']);
  });

  it("reach every feature's queries from the roots other features invalidate", () => {
    expect(reaches(sharedQueryRoots.usage, usageQueryOptions().queryKey)).toBe(true);
    expect(reaches(sharedQueryRoots.trends, trendingQueryOptions().queryKey)).toBe(true);
    expect(reaches(sharedQueryRoots.projects, projectsQueryOptions(2).queryKey)).toBe(true);
    expect(reaches(sharedQueryRoots.searches, searchDetailQueryOptions(4).queryKey)).toBe(true);
    // A share or a comment refreshes the whole 'teams' key, collaboration included.
    expect(reaches(teamsKeys.all, sharesQueryOptions({ kind: 'analysis', id: 1 }).queryKey)).toBe(true);
    expect(reaches(sharedQueryRoots.usage, trendingQueryOptions().queryKey)).toBe(false);
  });
});

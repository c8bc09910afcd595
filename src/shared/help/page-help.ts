// The "?" help on each page that has a help article: which article it opens. Every page a seeded
// article names as its context has an entry here (help.test.ts checks both ways), so the "?" and the
// articles cannot drift apart.

export const PAGE_HELP = {
  home: { path: '/', article: 'run-your-first-search', topic: 'running your first search' },
  searchResult: {
    path: '/search-result/:id',
    article: 'how-scores-are-computed',
    topic: 'how the scores are computed',
  },
  /** An analysis shows the same scores as one opportunity. */
  search: { path: '/search/:id', article: 'how-scores-are-computed', topic: 'how the scores are computed' },
  pricing: { path: '/pricing', article: 'plans-and-quotas', topic: 'plans, searches and quotas' },
  account: { path: '/account', article: 'privacy-and-your-data', topic: 'privacy and your data' },
  resources: { path: '/resources', article: 'using-the-resource-library', topic: 'using the resource library' },
} as const;

export type HelpPage = keyof typeof PAGE_HELP;

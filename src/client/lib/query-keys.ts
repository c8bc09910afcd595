// Query-key roots that one feature refreshes on another's behalf (features do not import each other):
// a search run changes this month's usage, what is trending and the projects that list analyses; a
// plan change changes usage and the history window; an imported bundle adds to the history. The
// owning feature's `<feature>Keys` factory starts from its root here, so both sides name one key.
// Every other key comes from its feature's factory; `queryKey: [` literals are refused by lint
// (unbuilt/query-keys-from-factory).

export const sharedQueryRoots = {
  usage: ['usage'],
  trends: ['trends'],
  projects: ['projects'],
  searches: ['searches'],
} as const;

import { describeRoutes, SIGNED_IN_TOOL_ROUTES, signInWithSearch } from './support/layout-routes.ts';

// The layout audit (e2e/support/layout-routes.ts) on the signed-in product pages, for a user who has
// run a search.

describeRoutes('signed-in', async (openPage) => {
  const session = await signInWithSearch(openPage);
  return { ...session, routes: SIGNED_IN_TOOL_ROUTES };
});

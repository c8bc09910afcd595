import { describeRoutes, SIGNED_IN_ACCOUNT_ROUTES, signInWithSearch } from './support/layout-routes.ts';

// The layout audit (e2e/support/layout-routes.ts) on sharing, account, billing and the public pages
// signed in, and on a search's result list and one result.

describeRoutes('signed-in', async (openPage) => {
  const session = await signInWithSearch(openPage);
  return { ...session, routes: [...SIGNED_IN_ACCOUNT_ROUTES, ...session.searchRoutes] };
});

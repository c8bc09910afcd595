import { describeRoutes, SIGNED_OUT_ROUTES } from './support/layout-routes.ts';

// The layout audit (e2e/support/layout-routes.ts) on every signed-out route.

describeRoutes('signed-out', async (openPage) => {
  const session = await openPage();
  await session.page.goto('/');
  return { ...session, routes: SIGNED_OUT_ROUTES };
});

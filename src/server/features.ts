import type { FastifyInstance } from 'fastify';
import { registerEngine } from './engine/engine.plugin.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes.ts';
import { apiV1DocumentRoutes } from './features/api-keys/api-v1.routes.ts';
import { actionPlansFeature } from './features/action-plans/action-plans.routes.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { adminPlanRoutes } from './features/billing/billing-admin.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { adminFlagsRoutes, flagsRoutes } from './features/flags/flags.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { brandingRoutes } from './features/exports/branding.routes.ts';
import { exportsRoutes } from './features/exports/exports.routes.ts';
import { exportsV1Routes } from './features/exports/exports-v1.routes.ts';
import type { DeckCompanions } from './features/exports/exports.service.ts';
import { getPlan } from './features/action-plans/action-plans.service.ts';
import { getIdea } from './features/ideas/ideas.service.ts';
import { findAnalysisCompanions } from './lib/domain/analysis-companions.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { ideasRoutes } from './features/ideas/ideas.routes.ts';
import { marketTrendsRoutes } from './features/market-trends/market-trends.routes.ts';
import { projectsRoutes } from './features/projects/projects.routes.ts';
import { resourcesFeature } from './features/resources/resources.routes.ts';
import { helpRoutes } from './features/help/help.routes.ts';
import { uiPreferencesRoutes } from './features/ui-preferences/ui-preferences.routes.ts';
import { searchesFeature } from './features/searches/searches.feature.ts';
import { sharingRoutes } from './features/sharing/sharing.routes.ts';
import { collaborationRoutes } from './features/teams/collaboration.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { teamsRoutes } from './features/teams/teams.routes.ts';
import { slowTestRoutes } from './test-hooks/slow.routes.ts';
import { testHookRoutes } from './test-hooks/test-hooks.routes.ts';
import { trendingRoutes } from './features/trends/trending.routes.ts';
import { trialRoutes } from './features/trial/trial.routes.ts';
import { usageRoutes } from './features/usage/usage.routes.ts';

/** The pitch deck's idea and action plan: the exports feature gets them from their own features here. */
const deckCompanions: DeckCompanions = async ({ db, principal, searchId }) => {
  const ids = await findAnalysisCompanions(db, principal, searchId);
  return {
    idea: ids.ideaId === null ? null : await getIdea({ db, principal, id: ids.ideaId }),
    plan: ids.planId === null ? null : await getPlan({ db, principal, id: ids.planId }),
    focusRank: ids.focusRank,
  };
};

/** Every feature, one line each (a feature with several URL prefixes registers them itself). */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  await registerEngine(app);
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(billingRoutes, { prefix: '/api/billing' });
  await app.register(trialRoutes, { prefix: '/api/trial' });
  await app.register(contactRoutes, { prefix: '/api/contact' });
  await app.register(flagsRoutes, { prefix: '/api/flags' });
  await app.register(adminFlagsRoutes, { prefix: '/api/admin/flags' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(adminPlanRoutes, { prefix: '/api/admin' });
  await app.register(searchesFeature);
  await app.register(projectsRoutes, { prefix: '/api/projects' });
  await app.register(ideasRoutes, { prefix: '/api/ideas' });
  await app.register(sharingRoutes);
  await app.register(teamsRoutes);
  await app.register(collaborationRoutes);
  await app.register(notificationsRoutes);
  await app.register(exportsRoutes, {
    prefix: '/api/exports',
    companions: deckCompanions,
    documents: { idea: getIdea, plan: getPlan },
  });
  await app.register(brandingRoutes, { prefix: '/api/exports/branding' });
  await app.register(trendingRoutes, { prefix: '/api/trending' });
  await app.register(apiKeysRoutes, { prefix: '/api/api-keys' });
  await app.register(apiV1DocumentRoutes, { prefix: '/api/v1' });
  await app.register(exportsV1Routes, { prefix: '/api/v1' });
  await app.register(actionPlansFeature);
  await app.register(marketTrendsRoutes, { prefix: '/api/market-trends' });
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  await app.register(usageRoutes, { prefix: '/api/user' });
  await app.register(resourcesFeature);
  await app.register(helpRoutes, { prefix: '/api/help' });
  await app.register(chatRoutes, { prefix: '/api/chat' });
  await app.register(uiPreferencesRoutes, { prefix: '/api/preferences/ui' });
  if (app.deps.env.ENABLE_TEST_HOOKS) await app.register(testHookRoutes, { prefix: '/api/__test' });
  if (app.deps.env.ENABLE_TEST_HOOKS) await app.register(slowTestRoutes, { prefix: '/api/__test/foundation' });
}

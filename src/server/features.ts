import type { FastifyInstance } from 'fastify';
import { registerEngine } from './engine/engine.plugin.ts';
import { getPlan } from './features/action-plans/action-plans.service.ts';
import type { DeckCompanions } from './features/exports/exports.service.ts';
import { getIdea } from './features/ideas/ideas.service.ts';
import { findAnalysisCompanions } from './lib/domain/analysis-companions.ts';
import { registerMaintenanceJobs } from './lib/jobs/maintenance.jobs.ts';
import { slowTestRoutes } from './test-hooks/slow.routes.ts';
import { testHookRoutes } from './test-hooks/test-hooks.routes.ts';
import { healthFeature } from './features/health/health.feature.ts';
import { authFeature } from './features/auth/auth.feature.ts';
import { accountFeature } from './features/account/account.feature.ts';
import { billingFeature } from './features/billing/billing.feature.ts';
import { trialFeature } from './features/trial/trial.feature.ts';
import { contactFeature } from './features/contact/contact.feature.ts';
import { flagsFeature } from './features/flags/flags.feature.ts';
import { adminFeature } from './features/admin/admin.feature.ts';
import { searchesFeature } from './features/searches/searches.feature.ts';
import { projectsFeature } from './features/projects/projects.feature.ts';
import { ideasFeature } from './features/ideas/ideas.feature.ts';
import { sharingFeature } from './features/sharing/sharing.feature.ts';
import { teamsFeature } from './features/teams/teams.feature.ts';
import { notificationsFeature } from './features/notifications/notifications.feature.ts';
import { exportsFeature } from './features/exports/exports.feature.ts';
import { trendsFeature } from './features/trends/trends.feature.ts';
import { apiKeysFeature } from './features/api-keys/api-keys.feature.ts';
import { actionPlansFeature } from './features/action-plans/action-plans.feature.ts';
import { marketTrendsFeature } from './features/market-trends/market-trends.feature.ts';
import { analyticsFeature } from './features/analytics/analytics.feature.ts';
import { usageFeature } from './features/usage/usage.feature.ts';
import { resourcesFeature } from './features/resources/resources.feature.ts';
import { helpFeature } from './features/help/help.feature.ts';
import { chatFeature } from './features/chat/chat.feature.ts';
import { uiPreferencesFeature } from './features/ui-preferences/ui-preferences.feature.ts';
import { watchesFeature } from './features/watches/watches.feature.ts';

/** The pitch deck's idea and action plan: the exports feature gets them from their own features here. */
const deckCompanions: DeckCompanions = async ({ db, principal, searchId }) => {
  const ids = await findAnalysisCompanions(db, principal, searchId);
  return {
    idea: ids.ideaId === null ? null : await getIdea({ db, principal, id: ids.ideaId }),
    plan: ids.planId === null ? null : await getPlan({ db, principal, id: ids.planId }),
    focusRank: ids.focusRank,
  };
};

/**
 * Every feature, one line each: its <feature>.feature.ts registers its routes (with their prefixes) and
 * jobs. Every job is registered from here down (jobs.test.ts lists them): the platform's maintenance
 * jobs, which belong to no feature, first; no route plugin registers a job.
 */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  registerMaintenanceJobs(app.deps.jobs);
  await registerEngine(app);
  await app.register(healthFeature);
  await app.register(authFeature);
  await app.register(accountFeature);
  await app.register(billingFeature);
  await app.register(trialFeature);
  await app.register(contactFeature);
  await app.register(flagsFeature);
  await app.register(adminFeature);
  await app.register(searchesFeature);
  await app.register(projectsFeature);
  await app.register(ideasFeature);
  await app.register(sharingFeature);
  await app.register(teamsFeature);
  await app.register(notificationsFeature);
  await app.register(exportsFeature, { companions: deckCompanions, documents: { idea: getIdea, plan: getPlan } });
  await app.register(trendsFeature);
  await app.register(apiKeysFeature);
  await app.register(actionPlansFeature);
  await app.register(marketTrendsFeature);
  await app.register(analyticsFeature);
  await app.register(usageFeature);
  await app.register(resourcesFeature);
  await app.register(helpFeature);
  await app.register(chatFeature);
  await app.register(uiPreferencesFeature);
  await app.register(watchesFeature);
  if (app.deps.env.ENABLE_TEST_HOOKS) await app.register(testHookRoutes, { prefix: '/api/__test' });
  if (app.deps.env.ENABLE_TEST_HOOKS) await app.register(slowTestRoutes, { prefix: '/api/__test/foundation' });
}

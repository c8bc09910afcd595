import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import {
  shortcutsUpdateSchema,
  tourUpdateSchema,
  uiPreferencesSchema,
} from '#shared/preferences/ui-preferences.schemas.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { readUiPreferences, updateShortcuts, updateTour } from './ui-preferences.service.ts';

// /api/preferences/ui: the onboarding tour and keyboard shortcuts (the signed-in user's own row).
const tags = ['account'];

export const uiPreferencesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'My tour progress and keyboard shortcuts', response: { 200: ok(uiPreferencesSchema) } },
    },
    async (request) => ({ success: true as const, data: await readUiPreferences(db, currentUser(request).id) }),
  );

  app.patch(
    '/tour',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Record tour progress, skip, complete or restart the tour',
        body: tourUpdateSchema,
        response: { 200: ok(uiPreferencesSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateTour({ db, userId: currentUser(request).id, now: clock.now(), update: request.body }),
    }),
  );

  app.patch(
    '/shortcuts',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Change, turn off or reset keyboard shortcuts',
        body: shortcutsUpdateSchema,
        response: { 200: ok(uiPreferencesSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateShortcuts({
        db,
        userId: currentUser(request).id,
        now: clock.now(),
        bindings: request.body.bindings,
      }),
    }),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeySchema,
  createdApiKeySchema,
} from '#shared/api-keys/api-keys.schemas.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { requirePlan } from '../../lib/http/plan-guard.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

// /api/api-keys (signed in): list, create (Enterprise; the key is in the answer once), revoke.
// Listing and revoking stay open after a downgrade, so an owner can always clean up.
export const apiKeysRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['api-keys'];

  app.get(
    '/',
    { preHandler: requireUser, schema: { tags, summary: 'My API keys', response: { 200: ok(apiKeyListSchema) } } },
    async (request) => ({
      success: true as const,
      data: {
        items: await listApiKeys({ db: app.deps.db, userId: currentUser(request).id, now: app.deps.clock.now() }),
      },
    }),
  );

  app.post(
    '/',
    {
      preHandler: requirePlan('apiAccess'),
      schema: {
        tags,
        summary: 'Create an API key (shown once)',
        body: apiKeyCreateSchema,
        response: { 201: ok(createdApiKeySchema) },
      },
    },
    async (request, reply) => {
      const data = await createApiKey({
        db: app.deps.db,
        user: currentUser(request),
        now: app.deps.clock.now(),
        input: request.body,
      });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ success: true as const, data });
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'apiKey' } } },
      schema: { tags, summary: 'Revoke an API key', params: idParamsSchema, response: { 200: ok(apiKeySchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await revokeApiKey({
        db: app.deps.db,
        userId: currentUser(request).id,
        id: request.params.id,
        now: app.deps.clock.now(),
      }),
    }),
  );
};

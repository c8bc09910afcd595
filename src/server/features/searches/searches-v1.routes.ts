import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import { v1SearchListQuerySchema, v1SearchListSchema } from '#shared/api-keys/api-keys.schemas.ts';
import {
  searchDetailSchema,
  searchRequestSchema,
  searchResponseDataSchema,
  searchResultWithSearchSchema,
} from '#shared/searches/search.schemas.ts';
import { userPrincipal } from '../../lib/access/principal.ts';
import { requireApiKey } from '../../lib/http/api-key-guard.ts';
import { currentUser } from '../../lib/http/auth-guard.ts';
import { requestFingerprint, withIdempotency } from '../../lib/http/idempotency.ts';
import { runSearch } from './run-search.service.ts';
import { resolveSearchEngine } from './search-engine.provider.ts';
import { getResult } from './search-results.service.ts';
import { getSearchDetail, listSearches } from './searches.service.ts';

// REST API v1 (Enterprise, docs/decisions/016): the searches feature behind API-key auth, the same
// envelope and error codes, cursor pagination, Idempotency-Key on POST, per-key rate limits.

const tags = ['api-v1'];
const security = [{ apiKey: [] }];
const keyOwned = { access: 'api-key' } as const;

export const searchesV1Routes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('apiKeyId', null);

  app.post(
    '/searches',
    {
      preHandler: requireApiKey('search'),
      config: keyOwned,
      schema: {
        tags,
        security,
        summary: 'Run a search (same quota, engine and history as the app; Idempotency-Key supported)',
        body: searchRequestSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        response: { 200: ok(searchResponseDataSchema) },
      },
    },
    async (request, reply) => {
      const { db, clock } = app.deps;
      const controller = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort(new Error('The client closed the request.'));
      });
      const result = await withIdempotency({
        db,
        apiKeyId: request.apiKeyId ?? 0,
        key: request.headers['idempotency-key'],
        fingerprint: requestFingerprint('POST', '/api/v1/searches', request.body),
        now: () => clock.now(),
        work: async () => {
          const outcome = await runSearch({
            db,
            clock,
            engine: resolveSearchEngine(app),
            user: currentUser(request),
            ...request.body,
            hooks: { signal: controller.signal },
          });
          return { statusCode: 200, body: { success: true as const, message: outcome.message, data: outcome.data } };
        },
      });
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      // Only completed answers are stored (a failed attempt gives the key back), so this is the 200.
      return reply.status(200).send(result.body as z.infer<ReturnType<typeof ok<typeof searchResponseDataSchema>>>);
    },
  );

  app.get(
    '/searches',
    {
      preHandler: requireApiKey('read'),
      config: keyOwned,
      schema: {
        tags,
        security,
        summary: 'List searches, newest first (cursor pagination)',
        querystring: v1SearchListQuerySchema,
        response: { 200: ok(v1SearchListSchema) },
      },
    },
    async (request) => {
      const page = await listSearches({
        db: app.deps.db,
        user: currentUser(request),
        now: app.deps.clock.now(),
        query: { page: 1, pageSize: request.query.limit, cursor: request.query.cursor },
      });
      return {
        success: true as const,
        data: {
          items: page.items.map(({ id, query, timestamp, resultsCount, status }) => ({
            id,
            query,
            timestamp,
            resultsCount,
            status,
          })),
          nextCursor: page.nextCursor,
        },
      };
    },
  );

  app.get(
    '/searches/:id',
    {
      preHandler: requireApiKey('read'),
      config: keyOwned,
      schema: {
        tags,
        security,
        summary: 'An analysis with its opportunities, scores, competitors and evidence',
        params: idParamsSchema,
        response: { 200: ok(searchDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getSearchDetail({
        db: app.deps.db,
        principal: userPrincipal(currentUser(request).id),
        id: request.params.id,
      }),
    }),
  );

  app.get(
    '/opportunities/:id',
    {
      preHandler: requireApiKey('read'),
      config: keyOwned,
      schema: {
        tags,
        security,
        summary: 'One opportunity of an analysis, with its evidence',
        params: idParamsSchema,
        response: { 200: ok(searchResultWithSearchSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getResult({
        db: app.deps.db,
        principal: userPrincipal(currentUser(request).id),
        id: request.params.id,
      }),
    }),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { corpusStateSchema } from '#shared/admin/corpus.schemas.ts';
import { ok } from '#shared/api/envelope.schemas.ts';
import { auditAdminAction, requireAdmin } from '../../lib/http/admin-guard.ts';
import type { CorpusRefresher } from './corpus-refresh.service.ts';

// /api/admin/corpus: the corpus version the engine answers from, the one being built and the last
// refresh's result; POST …/refresh loads DATASETS_DIR again in the background (202, then poll).
const tags = ['admin'];
const admin = { access: 'admin' } as const;

export const corpusRoutes: FastifyPluginAsync<{ refresher: CorpusRefresher }> = async (base, { refresher }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The corpus version in use, the one being built, the last refresh',
        response: { 200: ok(corpusStateSchema) },
      },
    },
    async () => ({ success: true as const, data: await refresher.state() }),
  );

  app.post(
    '/refresh',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Load DATASETS_DIR again in the background and swap it in when built (watched markets then re-run)',
        response: { 202: ok(corpusStateSchema) },
      },
    },
    async (request, reply) => {
      const running = refresher.refresh();
      // The result is recorded by the refresher; the console polls GET for it.
      running.catch((error: unknown) => request.log.error({ err: error }, 'corpus refresh failed'));
      await auditAdminAction({ db, request, event: 'admin.corpus_refresh', resource: 'corpus', resourceId: null });
      return reply.code(202).send({ success: true as const, data: await refresher.state() });
    },
  );
};

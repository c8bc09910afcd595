import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import {
  helpArticleListSchema,
  helpArticleSchema,
  helpfulResultSchema,
  helpListQuerySchema,
  helpSlugParamsSchema,
} from '#shared/help/help.schemas.ts';
import { requireUser } from '../../lib/http/auth-guard.ts';
import { listHelpArticles, markHelpful, readHelpArticle, seedHelpArticles } from './help.service.ts';

// /api/help: help articles are public (/help is open signed in and signed out); marking one helpful
// needs an account so the count means something.
const tags = ['help'];
const publicArticle = { access: { params: { slug: 'catalogue' } } } as const;

export const helpRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  await seedHelpArticles(db);

  app.get(
    '/articles',
    {
      schema: {
        tags,
        summary: 'List or search help articles',
        querystring: helpListQuerySchema,
        response: { 200: ok(helpArticleListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { items: await listHelpArticles({ db, q: request.query.q, context: request.query.context }) },
    }),
  );

  app.get(
    '/articles/:slug',
    {
      config: publicArticle,
      schema: {
        tags,
        summary: 'One help article',
        params: helpSlugParamsSchema,
        response: { 200: ok(helpArticleSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await readHelpArticle({ db, slug: request.params.slug }) }),
  );

  app.post(
    '/articles/:slug/helpful',
    {
      preHandler: requireUser,
      config: publicArticle,
      schema: {
        tags,
        summary: 'Mark a help article as helpful',
        params: helpSlugParamsSchema,
        response: { 200: ok(helpfulResultSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await markHelpful({ db, slug: request.params.slug }) }),
  );
};

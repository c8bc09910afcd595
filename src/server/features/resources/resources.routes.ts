import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  accessInputSchema,
  accessResultSchema,
  bookmarkInputSchema,
  bookmarkListQuerySchema,
  bookmarkRemovedSchema,
  bookmarkPageSchema,
  bookmarkSchema,
  categoryListSchema,
  contributionInputSchema,
  contributionListQuerySchema,
  contributionPageSchema,
  contributionReviewSchema,
  contributionSchema,
  helpfulVoteResultSchema,
  ratingInputSchema,
  ratingResultSchema,
  recommendationsQuerySchema,
  recommendationsSchema,
  resourceDetailSchema,
  resourcePageSchema,
  resourceSearchQuerySchema,
  tagListResultSchema,
} from '#shared/resources/resources.schemas.ts';
import { auditAdminAction, requireAdmin } from '../../lib/http/admin-guard.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { createContribution, listContributions, reviewContribution } from './contributions.service.ts';
import { listBookmarks, removeBookmark, saveBookmark } from './resource-bookmarks.service.ts';
import { rateResource, voteHelpful } from './resource-ratings.service.ts';
import { getResource, listCategories, listTags, recordAccess, searchResources } from './resources.service.ts';
import { recommendForSearch, recommendForTask } from './resource-recommendations.service.ts';

const tags = ['resources'];
const catalogueId = { access: { params: { id: 'catalogue' } } } as const;

/** /api/resources: the library (search, one resource, bookmarks, ratings, reviews, access). */
export const libraryRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  const viewer = (request: FastifyRequest) => ({ user: currentUser(request), now: clock.now() });

  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Search and filter the resource library',
        querystring: resourceSearchQuerySchema,
        response: { 200: ok(resourcePageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await searchResources({ db, viewer: viewer(request), query: request.query }),
    }),
  );

  app.get(
    '/categories',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Resource categories (nested by parentId)', response: { 200: ok(categoryListSchema) } },
    },
    async () => ({ success: true as const, data: { categories: await listCategories(db) } }),
  );

  app.get(
    '/tags',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Resource tags with usage counts', response: { 200: ok(tagListResultSchema) } },
    },
    async () => ({ success: true as const, data: { tags: await listTags(db) } }),
  );

  app.get(
    '/recommendations',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Helpful resources for one of my analyses or action-plan tasks',
        querystring: recommendationsQuerySchema,
        response: { 200: ok(recommendationsSchema) },
      },
    },
    async (request) => {
      const { searchId, taskId, limit } = request.query;
      const options = { db, viewer: viewer(request), limit };
      return {
        success: true as const,
        data: {
          items:
            taskId !== undefined
              ? await recommendForTask({ ...options, taskId })
              : await recommendForSearch({ ...options, searchId: searchId ?? 0 }),
        },
      };
    },
  );

  app.get(
    '/:id',
    {
      preHandler: requireUser,
      config: catalogueId,
      schema: { tags, summary: 'One resource', params: idParamsSchema, response: { 200: ok(resourceDetailSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await getResource({ db, viewer: viewer(request), id: request.params.id }),
    }),
  );

  app.put(
    '/:id/bookmark',
    {
      preHandler: requireUser,
      config: catalogueId,
      schema: {
        tags,
        summary: 'Bookmark a resource with notes and tags (saving again updates the same bookmark)',
        params: idParamsSchema,
        body: bookmarkInputSchema,
        response: { 200: ok(bookmarkSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saveBookmark({ db, viewer: viewer(request), resourceId: request.params.id, input: request.body }),
    }),
  );

  app.delete(
    '/:id/bookmark',
    {
      preHandler: requireUser,
      config: catalogueId,
      schema: {
        tags,
        summary: 'Remove my bookmark',
        params: idParamsSchema,
        response: { 200: ok(bookmarkRemovedSchema) },
      },
    },
    async (request) => {
      await removeBookmark({ db, userId: currentUser(request).id, resourceId: request.params.id });
      return { success: true as const, data: { resourceId: request.params.id } };
    },
  );

  app.put(
    '/:id/rating',
    {
      preHandler: requireUser,
      config: catalogueId,
      schema: {
        tags,
        summary: 'Rate a resource 1–5 with an optional review (rating again replaces it)',
        params: idParamsSchema,
        body: ratingInputSchema,
        response: { 200: ok(ratingResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await rateResource({ db, viewer: viewer(request), resourceId: request.params.id, input: request.body }),
    }),
  );

  app.post(
    '/reviews/:id/helpful',
    {
      preHandler: requireUser,
      config: catalogueId,
      schema: {
        tags,
        summary: 'Mark a review as helpful (once per user)',
        params: idParamsSchema,
        response: { 200: ok(helpfulVoteResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await voteHelpful({ db, userId: currentUser(request).id, ratingId: request.params.id }),
    }),
  );

  app.post(
    '/:id/access',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'catalogue' }, body: { analysisId: 'search' } } },
      schema: {
        tags,
        summary: 'Record a view, download or external click',
        params: idParamsSchema,
        body: accessInputSchema,
        response: { 200: ok(accessResultSchema) },
      },
    },
    async (request) => {
      await recordAccess({ db, viewer: viewer(request), resourceId: request.params.id, input: request.body });
      return { success: true as const, data: { recorded: true } };
    },
  );
};

/** /api/bookmarks: my bookmarks. */
export const bookmarksRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'My bookmarked resources',
        querystring: bookmarkListQuerySchema,
        response: { 200: ok(bookmarkPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listBookmarks({
        db: app.deps.db,
        viewer: { user: currentUser(request), now: app.deps.clock.now() },
        query: request.query,
      }),
    }),
  );
};

/** /api/contributions: suggest a resource; my suggestions and their review. */
export const contributionsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'My resource suggestions',
        querystring: contributionListQuerySchema,
        response: { 200: ok(contributionPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listContributions({ db: app.deps.db, userId: currentUser(request).id, query: request.query }),
    }),
  );
  app.post(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Suggest a resource for the library',
        body: contributionInputSchema,
        response: { 201: ok(contributionSchema) },
      },
    },
    async (request, reply) => {
      const data = await createContribution({
        db: app.deps.db,
        userId: currentUser(request).id,
        now: app.deps.clock.now(),
        input: request.body,
      });
      return reply.status(201).send({ success: true as const, data });
    },
  );
};

/** /api/admin/contributions: the review queue (admins only; the role is checked before anything else). */
export const adminContributionsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireAdmin);
  const adminTags = ['admin'];
  app.get(
    '/',
    {
      schema: {
        tags: adminTags,
        summary: 'Resource suggestions to review',
        querystring: contributionListQuerySchema,
        response: { 200: ok(contributionPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listContributions({ db: app.deps.db, userId: null, query: request.query }),
    }),
  );
  app.post(
    '/:id/review',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        summary: 'Approve (creating the resource) or reject a suggestion',
        params: idParamsSchema,
        body: contributionReviewSchema,
        response: { 200: ok(contributionSchema) },
      },
    },
    async (request) => {
      const reviewed = await reviewContribution({
        db: app.deps.db,
        jobs: app.deps.jobs,
        adminId: currentUser(request).id,
        id: request.params.id,
        now: app.deps.clock.now(),
        review: request.body,
      });
      await auditAdminAction({
        db: app.deps.db,
        request,
        event: 'admin.contribution_review',
        resource: 'resource_contribution',
        resourceId: reviewed.id,
        metadata: { decision: request.body.decision, resourceId: reviewed.resourceId },
      });
      return { success: true as const, data: reviewed };
    },
  );
};

/** The resource library feature: its routes, its jobs, and the seeded library. */

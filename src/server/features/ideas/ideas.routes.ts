import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  hypothesisUpdateSchema,
  ideaCreateSchema,
  ideaDeletedSchema,
  ideaListQuerySchema,
  ideaPageSchema,
  ideaPrefillSchema,
  ideaSchema,
  ideaUpdateSchema,
  prefillParamsSchema,
} from '#shared/ideas/ideas.schemas.ts';
import { customerChangeSchema, type CustomerChoice } from '#shared/ideas/idea-customer.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { resolveIdeaEngine } from './idea-engine.provider.ts';
import {
  archiveIdea,
  createIdea,
  deleteIdea,
  getIdea,
  listIdeas,
  prefillFromResult,
  updateHypothesis,
  updateIdea,
} from './ideas.service.ts';
import { validateIdea } from './idea-validation.service.ts';

// /api/ideas: the user's ideas, their validation against the engine's evidence, and hypotheses.
const tags = ['ideas'];
const ownIdea = { access: { params: { id: 'idea' } } } as const;
/** Viewing and editing also work for a person the idea is shared with (editing needs canEdit; ADR 026). */
const sharedIdea = { access: { params: { id: 'sharedIdea' } } } as const;
const idea = ok(ideaSchema);

export const ideasRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'My ideas', querystring: ideaListQuerySchema, response: { 200: ok(ideaPageSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await listIdeas({ db, principal: principalOf(request), query: request.query }),
    }),
  );

  app.post(
    '/',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Create an idea (a draft)', body: ideaCreateSchema, response: { 201: idea } },
    },
    async (request, reply) => {
      const data = await createIdea({
        db,
        principal: principalOf(request),
        userId: currentUser(request).id,
        now: clock.now(),
        input: request.body,
      });
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/prefill/:resultId',
    {
      preHandler: requireUser,
      config: { access: { params: { resultId: 'searchResult' } } },
      schema: {
        tags,
        summary: 'Form values from a search result ("Validate this opportunity")',
        params: prefillParamsSchema,
        response: { 200: ok(ideaPrefillSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await prefillFromResult({ db, principal: principalOf(request), resultId: request.params.resultId }),
    }),
  );

  app.patch(
    '/hypotheses/:id',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'ideaHypothesis' } } },
      schema: {
        tags,
        summary: 'Record a hypothesis result (supported or killed)',
        params: idParamsSchema,
        body: hypothesisUpdateSchema,
        response: { 200: idea },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateHypothesis({
        db,
        principal: principalOf(request),
        id: request.params.id,
        now: clock.now(),
        input: request.body,
      }),
    }),
  );

  app.get(
    '/:id',
    {
      preHandler: requireUser,
      config: sharedIdea,
      schema: { tags, summary: 'One idea', params: idParamsSchema, response: { 200: idea } },
    },
    async (request) => ({
      success: true as const,
      data: await getIdea({ db, principal: principalOf(request), id: request.params.id }),
    }),
  );

  app.patch(
    '/:id',
    {
      preHandler: requireUser,
      config: sharedIdea,
      schema: {
        tags,
        summary: 'Edit an idea, its projection assumptions or market-size inputs',
        params: idParamsSchema,
        body: ideaUpdateSchema,
        response: { 200: idea },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateIdea({
        db,
        principal: principalOf(request),
        id: request.params.id,
        now: clock.now(),
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/:id',
    {
      preHandler: requireUser,
      config: ownIdea,
      schema: { tags, summary: 'Delete an idea', params: idParamsSchema, response: { 200: ok(ideaDeletedSchema) } },
    },
    async (request) => {
      await deleteIdea({ db, principal: principalOf(request), id: request.params.id });
      return { success: true as const, data: { id: request.params.id } };
    },
  );

  /** Validation, with the founder's choice of customer when they made one. */
  const validate = (request: FastifyRequest, id: number, choice?: CustomerChoice) =>
    validateIdea({
      db,
      engine: resolveIdeaEngine(app),
      principal: principalOf(request),
      id,
      now: clock.now(),
      ...(choice ? { choice } : {}),
    });

  app.post(
    '/:id/validate',
    {
      preHandler: requireUser,
      config: ownIdea,
      schema: {
        tags,
        summary: "Validate (or re-validate) an idea against the engine's evidence",
        params: idParamsSchema,
        response: { 200: idea },
      },
    },
    async (request) => ({ success: true as const, data: await validate(request, request.params.id) }),
  );

  app.put(
    '/:id/customer',
    {
      preHandler: requireUser,
      config: ownIdea,
      schema: {
        tags,
        summary:
          "Choose the idea's customer (an industry or occupation its analyses name, consumers, or automatic: read from the target market) and validate again with it",
        params: idParamsSchema,
        body: customerChangeSchema,
        response: { 200: idea },
      },
    },
    async (request) => ({
      success: true as const,
      data: await validate(request, request.params.id, request.body.customer),
    }),
  );

  for (const [path, archived, summary] of [
    ['/:id/archive', true, 'Archive an idea'],
    ['/:id/unarchive', false, 'Unarchive an idea (back to draft or validated)'],
  ] as const) {
    app.post(
      path,
      {
        preHandler: requireUser,
        config: ownIdea,
        schema: { tags, summary, params: idParamsSchema, response: { 200: idea } },
      },
      async (request) => ({
        success: true as const,
        data: await archiveIdea({
          db,
          principal: principalOf(request),
          id: request.params.id,
          now: clock.now(),
          archived,
        }),
      }),
    );
  }
};

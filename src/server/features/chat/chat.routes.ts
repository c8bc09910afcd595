import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import { HELP_QUESTIONS_PER_MINUTE } from '#shared/chat/chat.constants.ts';
import {
  conversationCreateSchema,
  conversationSchema,
  conversationUpdateSchema,
  exchangeSchema,
  helpAnswerSchema,
  helpQuestionSchema,
  messageCreateSchema,
  messageEditSchema,
  ratingResponseSchema,
  ratingSchema,
} from '#shared/chat/chat.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { enforceRateLimit } from '../../lib/http/rate-limit.ts';
import { resolveAnswerer } from './chat-answerer.provider.ts';
import { respondWithAnswer } from './chat-stream.http.ts';
import { editMessage, sendMessage } from './chat-messages.service.ts';
import {
  deleteConversation,
  getConversation,
  openConversation,
  rateConversation,
  updateVariants,
} from './chat.service.ts';
import { answerFromHelp } from './help-answer.service.ts';

// /api/chat (issue 20): a conversation per analysis and user, grounded in its evidence; product
// questions from the help articles for everyone. Services check ownership (404) and the day's
// message limit (402); answers are offline templates unless a model is configured.

const tags = ['chat'];
const ownConversation = { access: { params: { id: 'conversation' } } } as const;

export const chatRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  const { answerer, mode } = resolveAnswerer(app);
  const asker = (request: FastifyRequest) => {
    const principal = principalOf(request);
    return { db, principal, plan: effectivePlan(currentUser(request), clock.now()), now: clock.now(), clock };
  };

  app.post(
    '/help',
    {
      schema: {
        tags,
        summary: 'Ask a question about the product (answered from the help articles)',
        body: helpQuestionSchema,
        response: { 200: ok(helpAnswerSchema) },
      },
    },
    async (request) => {
      await enforceRateLimit({
        db,
        key: `chat-help:${request.ip}`,
        limit: HELP_QUESTIONS_PER_MINUTE,
        windowMs: MINUTE_MS,
        now: clock.now(),
      });
      return { success: true as const, data: await answerFromHelp(db, request.body.question) };
    },
  );

  app.register(async (signedIn) => {
    const r = signedIn.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/conversations',
      {
        preHandler: requireUser,
        config: { access: { params: {}, body: { analysisId: 'search' } } },
        schema: {
          tags,
          summary: 'Open the conversation about an analysis (created the first time)',
          body: conversationCreateSchema,
          response: { 200: ok(conversationSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await openConversation({
          mode,
          ...asker(request),
          ...request.body,
          principal: { kind: 'user', userId: currentUser(request).id },
        }),
      }),
    );

    r.get(
      '/conversations/:id',
      {
        preHandler: requireUser,
        config: ownConversation,
        schema: { tags, summary: 'A conversation', params: idParamsSchema, response: { 200: ok(conversationSchema) } },
      },
      async (request) => ({
        success: true as const,
        data: await getConversation({ ...asker(request), id: request.params.id }),
      }),
    );

    r.patch(
      '/conversations/:id',
      {
        preHandler: requireUser,
        config: ownConversation,
        schema: {
          tags,
          summary: 'Set the analyses a conversation compares',
          params: idParamsSchema,
          body: conversationUpdateSchema,
          response: { 200: ok(conversationSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await updateVariants({
          ...asker(request),
          mode,
          id: request.params.id,
          variantIds: request.body.variantIds,
        }),
      }),
    );

    r.delete(
      '/conversations/:id',
      {
        preHandler: requireUser,
        config: ownConversation,
        schema: {
          tags,
          summary: 'Delete a conversation',
          params: idParamsSchema,
          response: { 200: ok(z.object({ id: z.number().int() })) },
        },
      },
      async (request) => {
        await deleteConversation({ db, principal: principalOf(request), id: request.params.id });
        return { success: true as const, data: { id: request.params.id } };
      },
    );

    r.post(
      '/conversations/:id/messages',
      {
        preHandler: requireUser,
        // Not compressed: streamed lines must reach the browser as the model writes them.
        compress: false,
        config: ownConversation,
        schema: {
          tags,
          summary: 'Ask a question about the analysis',
          description:
            'Answers one envelope, or with `Accept: application/x-ndjson` lines (chatStreamLineSchema): the model’s text as `delta`, then `done` with the stored exchange, or `error`.',
          params: idParamsSchema,
          body: messageCreateSchema,
          response: { 201: ok(exchangeSchema) },
        },
      },
      (request, reply) =>
        respondWithAnswer(request, reply, (hooks) =>
          sendMessage({
            ...asker(request),
            ...hooks,
            id: request.params.id,
            content: request.body.content,
            suggestedQuestionId: request.body.suggestedQuestionId,
            answerer,
          }),
        ),
    );

    r.patch(
      '/messages/:id',
      {
        preHandler: requireUser,
        config: { access: { params: { id: 'conversationMessage' } } },
        schema: {
          tags,
          summary: 'Edit a question and answer it again',
          params: idParamsSchema,
          body: messageEditSchema,
          response: { 200: ok(exchangeSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await editMessage({
          ...asker(request),
          messageId: request.params.id,
          content: request.body.content,
          answerer,
        }),
      }),
    );

    r.post(
      '/conversations/:id/rating',
      {
        preHandler: requireUser,
        config: ownConversation,
        schema: {
          tags,
          summary: 'Rate a conversation (1–5, once)',
          params: idParamsSchema,
          body: ratingSchema,
          response: { 200: ok(ratingResponseSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await rateConversation({
          db,
          principal: principalOf(request),
          id: request.params.id,
          satisfaction: request.body.satisfaction,
        }),
      }),
    );
  });
};

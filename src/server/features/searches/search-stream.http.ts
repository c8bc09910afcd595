import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import { SEARCH_STREAM_CONTENT_TYPE, type SearchStreamLine } from '#shared/searches/search.schemas.ts';
import { eventSourceOf } from '../../lib/domain/analytics-events.ts';
import { answerWithLines } from '../../lib/http/ndjson-stream.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { currentUser } from '../../lib/http/auth-guard.ts';
import { runSearch } from './run-search.service.ts';
import { resolveSearchEngine } from './search-engine.provider.ts';

// Answers a search request as one JSON envelope, or — when the client accepts
// application/x-ndjson — as a stream of lines: `queued` while it waits for a free engine slot, the
// engine's stages and opportunities, then `done` (or `error`, when it fails after the first line; a
// refusal before it is the envelope with its status). Either way a client that goes away (Cancel)
// aborts the engine, and an aborted analysis stores and counts nothing.

export async function respondWithSearch(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { query: string; filters?: SearchFilters | undefined },
): Promise<void> {
  const { db, clock } = request.server.deps;
  const engine = resolveSearchEngine(request.server);
  const user = currentUser(request);
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client closed the request.'));
  };
  reply.raw.on('close', onClose);
  // A stored search is a "search run" analytics event (ids only, never the query text), written by
  // the statement that stores the search (ADR 059).
  const event = eventSourceOf(request);

  const wantsStream = (request.headers.accept ?? '').includes(SEARCH_STREAM_CONTENT_TYPE);
  if (!wantsStream) {
    try {
      const outcome = await runSearch({
        db,
        clock,
        engine,
        user,
        ...input,
        event,
        hooks: { signal: controller.signal },
      });
      await reply.send({ success: true as const, message: outcome.message, data: outcome.data });
      return;
    } catch (error) {
      // The client is gone; answer as a client error so the log does not report a server fault.
      if (controller.signal.aborted) throw new AppError('BAD_REQUEST', 'The search was cancelled.');
      throw error;
    } finally {
      reply.raw.off('close', onClose);
    }
  }

  // The status waits for the first line (lib/http/ndjson-stream.ts): the engine accepting the
  // analysis (`queued` when it must wait for a slot, else its first stage). Until then a refusal (the
  // rate limits, two searches already running, a full engine queue, the database) is the envelope
  // with its status (docs/product/api.md).
  await answerWithLines<SearchStreamLine>(request, reply, {
    contentType: SEARCH_STREAM_CONTENT_TYPE,
    status: 200,
    signal: controller.signal,
    cancelledMessage: 'The search was cancelled.',
    cancelledLog: 'search cancelled by the client',
    errorLine: ({ code, message }) => ({ type: 'error', code, message }),
    produce: async (write) => {
      const outcome = await runSearch({
        db,
        clock,
        engine,
        user,
        ...input,
        event,
        hooks: {
          signal: controller.signal,
          onQueued: (position) => write({ type: 'queued', position }),
          onStage: (stage) => write({ type: 'stage', stage }),
          onOpportunity: (o) =>
            write({
              type: 'opportunity',
              opportunity: { rank: o.rank, title: o.title, description: o.description, category: o.category },
            }),
        },
      });
      write({ type: 'done', message: outcome.message, data: outcome.data });
    },
    onSettled: () => reply.raw.off('close', onClose),
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_STREAM_CONTENT_TYPE, type ChatStreamLine, type Exchange } from '#shared/chat/chat.schemas.ts';
import { answerWithLines } from '../../lib/http/ndjson-stream.ts';
import { AppError } from '../../lib/platform/app-error.ts';

// Answers a question as one JSON envelope (201), or — when the client accepts application/x-ndjson —
// as lines: the model's text as it streams, then `done` with the stored exchange (or `error`, when
// it fails after the first line).
// Either way a client that goes away aborts the model, and nothing is stored for it.

type Run = (hooks: { signal: AbortSignal; onDelta?: (text: string) => void }) => Promise<Exchange>;

export async function respondWithAnswer(request: FastifyRequest, reply: FastifyReply, run: Run): Promise<void> {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client closed the request.'));
  };
  reply.raw.on('close', onClose);
  if (!(request.headers.accept ?? '').includes(CHAT_STREAM_CONTENT_TYPE)) {
    try {
      const data = await run({ signal: controller.signal });
      await reply.status(201).send({ success: true as const, data });
      return;
    } catch (error) {
      if (controller.signal.aborted) throw new AppError('BAD_REQUEST', 'The question was cancelled.');
      throw error;
    } finally {
      reply.raw.off('close', onClose);
    }
  }
  // The status waits for the first line (lib/http/ndjson-stream.ts): until the model writes, a
  // refusal (not this user's conversation, the day's limit, the database) is the envelope with its status.
  await answerWithLines<ChatStreamLine>(request, reply, {
    contentType: CHAT_STREAM_CONTENT_TYPE,
    status: 201,
    signal: controller.signal,
    cancelledMessage: 'The question was cancelled.',
    cancelledLog: 'question cancelled by the client',
    errorLine: ({ code, message }) => ({ type: 'error', code, message }),
    produce: async (write) => {
      const data = await run({ signal: controller.signal, onDelta: (text) => write({ type: 'delta', text }) });
      write({ type: 'done', data });
    },
    onSettled: () => reply.raw.off('close', onClose),
  });
}

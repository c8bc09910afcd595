import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_STREAM_CONTENT_TYPE, type ChatStreamLine, type Exchange } from '#shared/chat/chat.schemas.ts';
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
  // The status waits for the first line: until the model writes, a refusal (not this user's
  // conversation, the day's limit, the database) is an ordinary error answer, the envelope with its
  // status, logged as every route logs it. Once lines are flowing, a failure is the last line,
  // logged the same way.
  const stream = new PassThrough();
  let hasStarted = false;
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const write = (line: ChatStreamLine) => {
    if (!hasStarted) {
      hasStarted = true;
      markStarted();
    }
    if (!stream.writableEnded) stream.write(`${JSON.stringify(line)}\n`);
  };
  const answer = async () => {
    try {
      write({
        type: 'done',
        data: await run({ signal: controller.signal, onDelta: (text) => write({ type: 'delta', text }) }),
      });
    } catch (error) {
      if (!hasStarted) {
        if (controller.signal.aborted) throw new AppError('BAD_REQUEST', 'The question was cancelled.');
        throw error;
      }
      if (controller.signal.aborted) {
        request.log.info('question cancelled by the client');
        return;
      }
      const { code, message } = request.server.answerError(error, request);
      write({ type: 'error', code, message });
    } finally {
      if (hasStarted) stream.end();
      reply.raw.off('close', onClose);
    }
  };
  // Rejects only before the first line, so the error handler answers it.
  await Promise.race([started, answer()]);
  await reply
    .status(201)
    .type(CHAT_STREAM_CONTENT_TYPE)
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .send(stream);
}

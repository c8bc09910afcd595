import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_STREAM_CONTENT_TYPE, type ChatStreamLine, type Exchange } from '#shared/chat/chat.schemas.ts';
import { AppError } from '../../lib/platform/app-error.ts';

// Answers a question as one JSON envelope (201), or — when the client accepts application/x-ndjson —
// as lines: the model's text as it streams, then `done` with the stored exchange (or `error`).
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
  const stream = new PassThrough();
  const write = (line: ChatStreamLine) => {
    if (!stream.writableEnded) stream.write(`${JSON.stringify(line)}\n`);
  };
  const answer = async () => {
    try {
      write({
        type: 'done',
        data: await run({ signal: controller.signal, onDelta: (text) => write({ type: 'delta', text }) }),
      });
    } catch (error) {
      if (controller.signal.aborted) {
        request.log.info('question cancelled by the client');
        return;
      }
      if (error instanceof AppError) write({ type: 'error', code: error.code, message: error.message });
      else {
        request.log.error({ err: error }, 'answer failed');
        write({ type: 'error', code: 'INTERNAL', message: 'The answer failed. Please try again.' });
      }
    } finally {
      stream.end();
      reply.raw.off('close', onClose);
    }
  };
  void answer();
  await reply
    .status(201)
    .type(CHAT_STREAM_CONTENT_TYPE)
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .send(stream);
}

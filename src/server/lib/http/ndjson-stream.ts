import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '#shared/api/errors.ts';
import { AppError } from '../platform/app-error.ts';

// A streamed (NDJSON) answer whose status waits for its first line, shared by the streamed search
// and the streamed chat answer. Until the first line is written, a failure is an ordinary error
// answer: the envelope with its status, logged as every route logs it (a refusal: rate limits,
// quotas, a full engine queue, the database). Once lines are flowing the status is sent, so a
// failure becomes the last line, logged the same way (request.server.answerError). A client that
// went away is not a failure: before the first line it is a 400 (so the log does not report a
// server fault), after it one info line and the stream just ends.

export type NdjsonAnswer<Line> = {
  contentType: string;
  /** The status sent with the first line. */
  status: number;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** The 400's message when the client went away before the first line ("The search was cancelled."). */
  cancelledMessage: string;
  /** The info line logged when the client went away after it. */
  cancelledLog: string;
  /** The last line of a stream that failed after its first line. */
  errorLine: (failure: { code: ErrorCode; message: string }) => Line;
  /** Writes the lines; it may throw at any point. */
  produce: (write: (line: Line) => void) => Promise<void>;
  /** Runs once `produce` has settled, whatever the outcome. */
  onSettled?: () => void;
};

export async function answerWithLines<Line>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: NdjsonAnswer<Line>,
): Promise<void> {
  const { signal } = options;
  const stream = new PassThrough();
  let hasStarted = false;
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const write = (line: Line) => {
    if (!hasStarted) {
      hasStarted = true;
      markStarted();
    }
    if (!stream.writableEnded) stream.write(`${JSON.stringify(line)}\n`);
  };
  const run = async () => {
    try {
      await options.produce(write);
    } catch (error) {
      if (!hasStarted) {
        if (signal.aborted) throw new AppError('BAD_REQUEST', options.cancelledMessage);
        throw error;
      }
      if (signal.aborted) {
        request.log.info(options.cancelledLog);
        return;
      }
      const { code, message } = request.server.answerError(error, request);
      write(options.errorLine({ code, message }));
    } finally {
      // A stream that never started is never sent: ending it is harmless, and one that produced
      // no line at all still ends.
      stream.end();
      options.onSettled?.();
    }
  };
  // Rejects only before the first line, so the error handler answers it.
  await Promise.race([started, run()]);
  await reply
    .status(options.status)
    .type(options.contentType)
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .send(stream);
}

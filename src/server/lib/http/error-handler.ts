import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { ERROR_STATUS, type ApiErrorBody, type ErrorCode, type FieldErrors } from '#shared/api/errors.ts';
import { createOutageLogThrottle, databaseUnavailableKind } from '../../db/unavailable.ts';
import { AppError } from '../platform/app-error.ts';
import { ownValue } from '#shared/app/own-value.ts';

// The one place that turns any thrown thing into the envelope { success: false, code, message, fieldErrors? }.

function send(reply: FastifyReply, code: ErrorCode, message: string, fieldErrors?: FieldErrors) {
  const body: ApiErrorBody = { success: false, code, message };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) body.fieldErrors = fieldErrors;
  return reply.status(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

function pathToKey(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || '_root';
}

/** zod names unknown keys in its message; a key is client text and is never echoed back. */
const UNKNOWN_FIELDS_MESSAGE = 'Unknown fields are not accepted';

function issueMessage(code: string | undefined, message: string | undefined): string {
  if (code === 'unrecognized_keys') return UNKNOWN_FIELDS_MESSAGE;
  return message ?? 'Invalid input';
}

export function zodFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_root';
    if (!Object.hasOwn(out, key)) out[key] = issueMessage(issue.code, issue.message);
  }
  return out;
}

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a 413 says on this route (e.g. the import route names its own limit). */
    tooLargeMessage?: string;
  }
}

/**
 * An AppError is thrown on purpose (a full engine queue answers 503 by the hundred under load): a
 * 5xx one is one warn line with its code and status, no stack; below 500 it is the caller's mistake
 * and writes nothing. INTERNAL alone means something broke: its stack is kept.
 */
export function logAppError(log: FastifyBaseLogger, error: AppError, what = 'request failed'): void {
  if (error.code === 'INTERNAL') log.error({ err: error }, what);
  else if (error.statusCode >= 500) log.warn({ code: error.code, status: error.statusCode }, error.message);
}

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What a failed request answers: the envelope's fields and the headers to send with it. */
export type ErrorAnswer = {
  code: ErrorCode;
  message: string;
  fieldErrors?: FieldErrors | undefined;
  headers?: Record<string, string> | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Logs a thrown thing the one way and says what it answers. The error handler sends that as the
     * envelope; a route that has already started a streamed 2xx writes it as its last line.
     */
    answerError: (error: unknown, request: FastifyRequest) => ErrorAnswer;
  }
}

function answerFor(
  error: unknown,
  request: FastifyRequest,
  outageLog: ReturnType<typeof createOutageLogThrottle>,
): ErrorAnswer {
  const outage = databaseUnavailableKind(error);
  if (outage) {
    const { log, suppressed } = outageLog(outage);
    // No stack and no driver message (it can carry SQL parameters): the kind is enough to act on.
    if (log) request.log.error({ outage, suppressedSinceLastLine: suppressed }, 'database unavailable');
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  if (error instanceof AppError) {
    logAppError(request.log, error);
    return { code: error.code, message: error.message, fieldErrors: error.fieldErrors, headers: error.headers };
  }
  if (!(error instanceof Error)) {
    request.log.error({ err: error }, 'unhandled error');
    return { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: FieldErrors = {};
    for (const v of error.validation) {
      const key = pathToKey(v.instancePath);
      if (!Object.hasOwn(fieldErrors, key)) fieldErrors[key] = issueMessage(v.keyword, v.message);
    }
    return { code: 'VALIDATION_FAILED', message: 'Some fields are invalid.', fieldErrors };
  }
  if (error instanceof ZodError) {
    return { code: 'VALIDATION_FAILED', message: 'Some fields are invalid.', fieldErrors: zodFieldErrors(error) };
  }
  const fastifyCode =
    'code' in error && typeof error.code === 'string' ? ownValue(FASTIFY_CODES, error.code) : undefined;
  if (fastifyCode?.code === 'PAYLOAD_TOO_LARGE') {
    return { code: fastifyCode.code, message: request.routeOptions.config.tooLargeMessage ?? fastifyCode.message };
  }
  if (fastifyCode) return fastifyCode;
  if (error instanceof SyntaxError) return { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' };
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) return { code: 'RATE_LIMITED', message: 'Too many requests. Please wait and try again.' };
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return status === 404
      ? { code: 'NOT_FOUND', message: 'Not found.' }
      : { code: 'BAD_REQUEST', message: 'The request is invalid.' };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
}

export function registerErrorHandling(app: FastifyInstance): void {
  const outageLog = createOutageLogThrottle(30_000);
  app.decorate('answerError', (error: unknown, request: FastifyRequest) => answerFor(error, request, outageLog));
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const answer = answerFor(error, request, outageLog);
    if (answer.headers) void reply.headers(answer.headers);
    return send(reply, answer.code, answer.message, answer.fieldErrors);
  });
}

/** The path is not echoed: it is attacker-chosen text, and a client never needs it back. */
export function sendApiNotFound(reply: FastifyReply, method: string) {
  return send(reply, 'NOT_FOUND', `No API route matches this ${method} request.`);
}

/**
 * Errors Node's HTTP parser raises before Fastify routes anything (Fastify's `clientErrorHandler`):
 * a request line and headers over 16 KB (431), a request that did not arrive in time (408), bytes
 * that are not HTTP (400). Written to the socket in the envelope; nothing of the request is echoed.
 */
export function writeClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message]: [ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['HEADERS_TOO_LARGE', 'The request URL or headers are too large (16 KB at most).']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['REQUEST_TIMEOUT', 'The request took too long to arrive.']
        : ['BAD_REQUEST', 'The request is malformed.'];
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ success: false, code, message } satisfies ApiErrorBody);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/** Fastify's own framework errors (a URL it cannot decode): the envelope, nothing echoed. */
export function sendMalformedUrl(reply: FastifyReply) {
  return send(reply, 'BAD_REQUEST', 'The request URL is malformed.');
}

import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from 'fastify';
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

export function registerErrorHandling(app: FastifyInstance): void {
  const outageLog = createOutageLogThrottle(30_000);
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const outage = databaseUnavailableKind(error);
    if (outage) {
      const { log, suppressed } = outageLog(outage);
      // No stack and no driver message (it can carry SQL parameters): the kind is enough to act on.
      if (log) request.log.error({ outage, suppressedSinceLastLine: suppressed }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(
        reply,
        'SERVICE_UNAVAILABLE',
        'The service is briefly unavailable. Please try again in a few seconds.',
      );
    }
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      logAppError(request.log, error);
      return send(reply, error.code, error.message, error.fieldErrors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: FieldErrors = {};
      for (const v of error.validation) {
        const key = pathToKey(v.instancePath);
        if (!Object.hasOwn(fieldErrors, key)) fieldErrors[key] = issueMessage(v.keyword, v.message);
      }
      return send(reply, 'VALIDATION_FAILED', 'Some fields are invalid.', fieldErrors);
    }
    if (error instanceof ZodError) {
      return send(reply, 'VALIDATION_FAILED', 'Some fields are invalid.', zodFieldErrors(error));
    }
    const fastifyCode =
      'code' in error && typeof error.code === 'string' ? ownValue(FASTIFY_CODES, error.code) : undefined;
    if (fastifyCode?.code === 'PAYLOAD_TOO_LARGE') {
      return send(reply, fastifyCode.code, request.routeOptions.config.tooLargeMessage ?? fastifyCode.message);
    }
    if (fastifyCode) return send(reply, fastifyCode.code, fastifyCode.message);
    if (error instanceof SyntaxError) return send(reply, 'BAD_REQUEST', 'The request body is not valid JSON.');
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return send(reply, 'RATE_LIMITED', 'Too many requests. Please wait and try again.');
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(
        reply,
        status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
        status === 404 ? 'Not found.' : 'The request is invalid.',
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'INTERNAL', 'Something went wrong on our side. Please try again.');
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

import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { ERROR_STATUS, type ApiErrorBody, type ErrorCode, type FieldErrors } from '#shared/api/errors.ts';
import { AppError } from './app-error.ts';

// The one place that turns any thrown thing into the envelope { success: false, code, message, fieldErrors? }.

function send(reply: FastifyReply, code: ErrorCode, message: string, fieldErrors?: FieldErrors) {
  const body: ApiErrorBody = { success: false, code, message };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) body.fieldErrors = fieldErrors;
  return reply.status(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

function pathToKey(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || '_root';
}

export function zodFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_root';
    out[key] ??= issue.message;
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return send(reply, error.code, error.message, error.fieldErrors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: FieldErrors = {};
      for (const v of error.validation) {
        const key = pathToKey(v.instancePath);
        fieldErrors[key] ??= v.message ?? 'Invalid input';
      }
      return send(reply, 'VALIDATION_FAILED', 'Some fields are invalid.', fieldErrors);
    }
    if (error instanceof ZodError) {
      return send(reply, 'VALIDATION_FAILED', 'Some fields are invalid.', zodFieldErrors(error));
    }
    const fastifyCode = 'code' in error && typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined;
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

export function sendApiNotFound(reply: FastifyReply, method: string, url: string) {
  return send(reply, 'NOT_FOUND', `No API route matches ${method} ${url.split('?')[0] ?? url}.`);
}

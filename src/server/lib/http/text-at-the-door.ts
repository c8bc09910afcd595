import type { FastifyInstance } from 'fastify';
import { unsafeTextReason } from '#shared/api/text.ts';
import type { FieldErrors } from '#shared/api/errors.ts';
import { AppError } from '../platform/app-error.ts';

// Every string of every request — body, query string and path parameters, keys included — passes
// the shared text rule before any schema or handler sees it: a NUL or an unpaired surrogate is a
// 400 naming the field, and everything else is normalised to NFC in place. One mechanism for all
// routes, present and future; raw bodies (webhooks) are checked by their own signature instead.

const MAX_DEPTH = 64;

function fieldKey(path: readonly string[], prefix: string): string {
  return [prefix, ...path].filter(Boolean).join('.') || '_root';
}

/** Walks a parsed JSON value; returns the normalised value and records the first problem per field. */
function clean(value: unknown, path: string[], prefix: string, errors: FieldErrors, depth: number): unknown {
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    if (reason) {
      const key = fieldKey(path, prefix);
      if (!Object.hasOwn(errors, key)) errors[key] = reason;
      return value;
    }
    return value.normalize('NFC');
  }
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = clean(value[i], [...path, String(i)], prefix, errors, depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(record)) {
    const keyReason = unsafeTextReason(key);
    if (keyReason) {
      const errorKey = fieldKey([...path, '[key]'], prefix);
      if (!Object.hasOwn(errors, errorKey)) errors[errorKey] = keyReason;
      continue;
    }
    record[key] = clean(inner, [...path, key], prefix, errors, depth + 1);
  }
  return value;
}

export function registerTextAtTheDoor(app: FastifyInstance): void {
  // preValidation: after body parsing, before the route's zod schema.
  // Synchronous, as it runs on every request (ADR 058).
  app.addHook('preValidation', (request, _reply, done) => {
    const errors: FieldErrors = {};
    if (request.params && typeof request.params === 'object') clean(request.params, [], '', errors, 0);
    if (request.query && typeof request.query === 'object') clean(request.query, [], '', errors, 0);
    const body: unknown = request.body;
    if (typeof body === 'string' || (body !== null && typeof body === 'object' && !Buffer.isBuffer(body))) {
      request.body = clean(body, [], '', errors, 0);
    }
    if (Object.keys(errors).length > 0) {
      done(new AppError('VALIDATION_FAILED', 'Some fields are invalid.', errors));
      return;
    }
    done();
  });
}

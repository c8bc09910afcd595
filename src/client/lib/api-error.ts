import type { ErrorCode, FieldErrors } from '#shared/api/errors.ts';

/** Server codes plus the failures the client finds itself: no answer, too slow, an unreadable answer. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'TIMEOUT' | 'INVALID_RESPONSE';

/**
 * The one error type the client raises for a failed call. `message` is the server's message (safe to
 * show); `responseText` is the "<status>: <body text>" form (docs/product/errors.md), kept for logs and `toString()`.
 * Network failures and timeouts have status 0.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fieldErrors: FieldErrors;
  readonly responseText: string;

  constructor(options: {
    status: number;
    code: ApiErrorCode;
    message: string;
    fieldErrors?: FieldErrors;
    responseText?: string;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors ?? {};
    this.responseText = options.responseText ?? `${options.status}: ${options.message}`;
  }

  override toString(): string {
    return this.responseText;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '#shared/api/errors.ts';

/** The one error type services throw. The error handler turns it into the envelope. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export function notFound(what = 'The requested resource'): AppError {
  return new AppError('NOT_FOUND', `${what} could not be found.`);
}

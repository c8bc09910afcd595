import { isApiError } from '#client/lib/api-error.ts';

// docs/product/errors.md error-screen texts, chosen by error code or HTTP status (never by searching message text
// of our own errors). Only foreign errors (a failed chunk download) are recognised by their type.
export const ERROR_MESSAGES = {
  network: 'Unable to connect to the server. Please check your internet connection and try again.',
  timeout: 'The request took too long to complete. Please try again.',
  unauthorized: 'Your session has expired. Please log in again.',
  notFound: 'The requested resource could not be found.',
  forbidden: "You don't have permission to access this resource.",
  generic: "Something went wrong. We're working to fix the issue.",
} as const;

export const SUPPORT_LINE = 'If this problem persists, please contact support.';

export function errorScreenMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'NETWORK_ERROR') return ERROR_MESSAGES.network;
    if (error.code === 'TIMEOUT') return ERROR_MESSAGES.timeout;
    if (error.status === 401) return ERROR_MESSAGES.unauthorized;
    if (error.status === 404) return ERROR_MESSAGES.notFound;
    if (error.status === 403) return ERROR_MESSAGES.forbidden;
    return ERROR_MESSAGES.generic;
  }
  // fetch() and dynamic import() reject with a TypeError when the network is down.
  if (error instanceof TypeError && /fetch|import|network/i.test(error.message)) return ERROR_MESSAGES.network;
  if (error instanceof DOMException && error.name === 'TimeoutError') return ERROR_MESSAGES.timeout;
  return ERROR_MESSAGES.generic;
}

import type { z } from 'zod';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode, type FieldErrors } from '#shared/api/errors.ts';
import { ApiError } from './api-error.ts';

// The only fetch wrapper in the client (STYLE.md). Every call sends cookies and, when held, the
// bearer token; a non-OK response becomes an ApiError chosen by the envelope's code, and a success
// is parsed with the route's own response schema from src/shared (getData, postData…), so a reply
// the client cannot read is an error here, not a surprise three components later.
// This module imports zod's types only: the schemas (and zod) stay out of the landing page's bundle.

const DEFAULT_TIMEOUT_MS = 120_000;

type TokenSource = () => string | null;
let readAccessToken: TokenSource = () => null;

/** The auth store registers how to read the current access token (keeps this module store-free). */
export function setAccessTokenSource(source: TokenSource): void {
  readAccessToken = source;
}

/** Resolves to a fresh access token, or null when the session is gone (set by the auth feature). */
type RefreshHandler = () => Promise<string | null>;
let refreshAccessToken: RefreshHandler | null = null;

export function setRefreshHandler(handler: RefreshHandler | null): void {
  refreshAccessToken = handler;
}

// Calls whose 401 means "wrong credentials" or "no session", not "token expired": never retried.
const NO_RETRY_PATHS = ['/api/auth/login', '/api/auth/register', '/api/auth/refresh', '/api/auth/logout'];

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** 'text' resolves to the body as a string (CSV downloads); default: parsed JSON. */
  responseType?: 'json' | 'text';
};

const knownCodes = new Set<string>(ERROR_CODES);

function codeForStatus(status: number): ErrorCode {
  const match = ERROR_CODES.find((code) => ERROR_STATUS[code] === status);
  return match ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/** Turns a non-OK response's status and body text into an ApiError (exported for tests). */
export function toApiError(status: number, bodyText: string): ApiError {
  const body = parseJson(bodyText);
  const responseText = `${status}: ${bodyText}`;
  if (isRecord(body) && typeof body.code === 'string' && knownCodes.has(body.code)) {
    return new ApiError({
      status,
      code: body.code as ErrorCode,
      message: typeof body.message === 'string' ? body.message : responseText,
      fieldErrors: readFieldErrors(body.fieldErrors),
      responseText,
    });
  }
  const message =
    isRecord(body) && typeof body.message === 'string'
      ? body.message
      : bodyText.trim() || `Request failed with status ${status}`;
  return new ApiError({ status, code: codeForStatus(status), message, responseText });
}

function hasErrorName(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === name;
}

function combineSignals(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * Calls the API and returns the JSON body as unknown (callers parse it: see requestEnvelope).
 * An empty body resolves to undefined.
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const token = readAccessToken();
  try {
    return await sendRequest(path, options, token);
  } catch (error) {
    // docs/product/api.md: a 401 triggers one refresh and one retry.
    if (!(error instanceof ApiError) || error.status !== 401 || !refreshAccessToken) throw error;
    if (NO_RETRY_PATHS.some((p) => path.startsWith(p))) throw error;
    const fresh = await refreshAccessToken();
    if (!fresh || fresh === token) throw error;
    return sendRequest(path, options, fresh);
  }
}

async function sendRequest(path: string, options: RequestOptions, token: string | null): Promise<unknown> {
  const accept = options.responseType === 'text' ? '*/*' : 'application/json';
  const headers: Record<string, string> = { accept, ...options.headers };
  const hasBody = options.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'include',
      signal: combineSignals(options.signal, options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    // By name, not instanceof: the DOMException may come from another realm (iframe, test DOM).
    if (hasErrorName(error, 'TimeoutError')) {
      throw new ApiError({ status: 0, code: 'TIMEOUT', message: 'The request timed out.' });
    }
    if (hasErrorName(error, 'AbortError')) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed.' });
  }

  const text = await response.text();
  if (!response.ok) throw toApiError(response.status, text);
  if (options.responseType === 'text') return text;
  return text ? parseJson(text) : undefined;
}

export type DownloadedFile = { blob: Blob; fileName: string };

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

async function fetchFile(path: string, token: string | null, options: RequestOptions): Promise<DownloadedFile> {
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      signal: combineSignals(options.signal, options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    if (hasErrorName(error, 'TimeoutError')) {
      throw new ApiError({ status: 0, code: 'TIMEOUT', message: 'The request timed out.' });
    }
    if (hasErrorName(error, 'AbortError')) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed.' });
  }
  if (!response.ok) throw toApiError(response.status, await response.text());
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition'), 'export') };
}

/** GETs a file (an export) with the session's token, refreshing once on a 401 like apiRequest. */
export async function downloadFile(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const token = readAccessToken();
  try {
    return await fetchFile(path, token, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !refreshAccessToken) throw error;
    const fresh = await refreshAccessToken();
    if (!fresh || fresh === token) throw error;
    return fetchFile(path, fresh, options);
  }
}

export type Envelope<T> = { data: T; message?: string };

/** The response was 2xx but not what the route's schema says: the server and client disagree. */
function unreadable(path: string, issues: readonly { path: PropertyKey[]; message: string }[]): ApiError {
  console.error(`Unexpected response from ${path}`, issues.slice(0, 5));
  return new ApiError({
    status: 200,
    code: 'INVALID_RESPONSE',
    message: 'The server sent an answer this page cannot read. Please reload and try again.',
  });
}

type CallOptions = Omit<RequestOptions, 'body'> & { body?: unknown };

/**
 * Calls the API and parses the success envelope `{ success: true, data, message? }` with `data`
 * checked against the route's response schema. Returns the parsed data and message.
 */
export async function requestEnvelope<S extends z.ZodType>(
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<Envelope<z.output<S>>> {
  const body = await apiRequest(path, options);
  if (!isRecord(body) || body.success !== true) throw unreadable(path, [{ path: ['success'], message: 'missing' }]);
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) throw unreadable(path, parsed.error.issues);
  return { data: parsed.data, ...(typeof body.message === 'string' ? { message: body.message } : {}) };
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

/** GET and parse `data` with the route's schema. */
export async function getData<S extends z.ZodType>(path: string, schema: S, options?: Options): Promise<z.output<S>> {
  return (await requestEnvelope(path, schema, { ...options, method: 'GET' })).data;
}

/** POST a body and parse `data`. */
export async function postData<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options?: Options,
): Promise<z.output<S>> {
  return (await requestEnvelope(path, schema, { ...options, method: 'POST', body })).data;
}

/** PATCH a body and parse `data`. */
export async function patchData<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  options?: Options,
): Promise<z.output<S>> {
  return (await requestEnvelope(path, schema, { ...options, method: 'PATCH', body })).data;
}

/** DELETE and parse `data`. */
export async function deleteData<S extends z.ZodType>(
  path: string,
  schema: S,
  options?: Options,
): Promise<z.output<S>> {
  return (await requestEnvelope(path, schema, { ...options, method: 'DELETE' })).data;
}

/**
 * POSTs JSON and yields each line of an NDJSON response as it arrives (long-running calls that
 * report progress, e.g. a search). Aborting `signal` closes the request, which the server treats
 * as a cancel. A non-OK response throws the same ApiError as apiRequest.
 */
export async function* apiStreamLines(
  path: string,
  body: unknown,
  options: { signal?: AbortSignal } = {},
): AsyncGenerator<unknown> {
  const headers: Record<string, string> = { accept: 'application/x-ndjson', 'content-type': 'application/json' };
  const token = readAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed.' });
  }
  if (!response.ok || !response.body) throw toApiError(response.status, await response.text());
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) yield parseJson(line);
      newline = buffered.indexOf('\n');
    }
  }
  if (buffered.trim()) yield parseJson(buffered.trim());
}

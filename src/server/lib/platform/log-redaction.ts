// What never reaches a log line: credentials, tokens, password hashes, e-mail addresses, client IPs,
// and the values a failed query carried (drizzle puts its parameters in the error message; the
// driver puts row values in `detail`). Paths are redacted by pino; error objects go through one
// serializer that rebuilds them from safe parts.

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-forwarded-for"]',
  'req.headers["x-real-ip"]',
  'req.remoteAddress',
  'req.remotePort',
  'res.headers["set-cookie"]',
  '*.email',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.ip',
];

const SCRUBBERS: Array<[RegExp, string]> = [
  // drizzle: "Failed query: insert … \nparams: a@b.c,$argon2id$…" — the SQL stays, the values go.
  [/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]'],
  [/\$argon2(?:id|i|d)\$[^\s,"']+/g, '[hash]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]'],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  [/\b(?:\d{1,3}\.){3}\d{1,3}\b/g, '[ip]'],
  [/\b(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}\b/gi, '[ip]'],
];

export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SCRUBBERS) out = out.replace(pattern, replacement);
  return out;
}

/** Fields of driver errors worth keeping (they name the constraint or the SQLSTATE, not the values). */
const SAFE_FIELDS = ['code', 'constraint', 'table', 'column', 'schema', 'routine', 'severity', 'statusCode'] as const;

type SerializedError = { type: string; message: string; stack: string; cause?: SerializedError } & Record<
  string,
  unknown
>;

/** pino's `err` serializer: type, scrubbed message and stack, safe driver fields, the cause chain. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)), stack: '' };
  const out: SerializedError = {
    type: error.constructor.name,
    message: scrubText(error.message),
    stack: scrubText(error.stack ?? ''),
  };
  const record = error as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

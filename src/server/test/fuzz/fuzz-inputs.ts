import { z } from 'zod';

// Inputs for the route fuzz suite (route-fuzz.test.ts): a seeded random source, the nasty values,
// a plausible request body generated from a route's own zod schema, and the mutations applied to it.

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof createRandom>;

/** Appears in every hostile string: an error response must never echo it back. */
export const MARKER = '<fz-marker>';

export const NASTY_STRINGS = [
  `${MARKER}\u0000nul`,
  `${MARKER}\ud800 lone high surrogate`,
  `${MARKER}\udc00 lone low surrogate`,
  `${MARKER}\u202e\u0644\u0627 rtl override`,
  `${MARKER}${'e\u0301'.repeat(500)} combining`,
  `${MARKER}<script>alert(1)</script>`,
  `${MARKER}' OR 1=1; --`,
  `${MARKER}${'x'.repeat(100_000)}`,
  '',
  '   ',
  `${MARKER}\r\n\t`,
  `${MARKER}%00%E0%A4%A`,
  `${MARKER}😀🏳️‍🌈`,
  `=HYPERLINK("http://evil.test")${MARKER}`,
];

export const NASTY_PATH_VALUES = [
  '1',
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  'abc',
  '%00',
  '%E0%A4%A',
  encodeURIComponent(`<script>${MARKER}`),
  'a'.repeat(300),
  '%F0%9F%98%80',
  '1e3',
  '%201',
  '..%2F..%2Fetc%2Fpasswd',
  'constructor',
  '__proto__',
  'toString',
];

export const NASTY_QUERY = [
  'q=%00',
  'page=-1&pageSize=100000',
  'page=abc',
  '__proto__[isAdmin]=true',
  'constructor[prototype][x]=1',
  `q=${encodeURIComponent(MARKER)}`,
  'from=0000-01-01&to=99999-12-31',
  'a=1&a=2&a=3',
  `q=${'%E0%A4%A'}`,
  `q=${'x'.repeat(20_000)}`,
];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
};

/** The route's body schema as JSON Schema (input side), or null when it has none or cannot be converted. */
export function bodyJsonSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** A plausible value for a JSON schema (valid where it is easy to be). */
export function sample(schema: JsonSchema | undefined, random: Random, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return sample(random.pick(union), random, depth + 1);
  if (schema.allOf?.length) return sample(schema.allOf[0], random, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = sample(value, random, depth + 1);
      return out;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => sample(item, random, depth + 1));
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(items, random, depth + 1));
    }
    case 'string':
      if (schema.format === 'email') return `fz${String(random.int(1e6))}@example.test`;
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'uri') return 'https://example.test/fz';
      return 'fuzz value '
        .repeat(Math.max(1, Math.ceil((schema.minLength ?? 5) / 11)))
        .slice(0, schema.maxLength ?? 60);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 10, 3));
    case 'boolean':
      return random.next() < 0.5;
    default:
      return schema.default ?? 'x';
  }
}

/** Replaces every string in a value with hostile text (same shape, hostile content). */
function hostileStrings(value: unknown, random: Random): unknown {
  if (typeof value === 'string') return random.pick(NASTY_STRINGS);
  if (Array.isArray(value)) return value.map((v) => hostileStrings(v, random));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostileStrings(v, random)]));
  return value;
}

/** A value of the wrong type for the one given. */
function wrongType(value: unknown, random: Random): unknown {
  if (typeof value === 'string') return random.pick([12345, true, [], {}, null]);
  if (typeof value === 'number') return random.pick(['12', 'NaN', 1e308, -1, 2 ** 53, 0.5, null]);
  if (typeof value === 'boolean') return random.pick(['true', 1, null]);
  if (Array.isArray(value)) return random.pick(['[]', {}, 7, Array.from({ length: 5000 }, () => 'x')]);
  return random.pick(['{}', 7, [], null]);
}

export type FuzzBody = { payload: string | undefined; contentType: string | undefined; label: string };

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** One hostile variant of a request body, chosen by the random source. */
export function mutateBody(schema: JsonSchema | null, random: Random): FuzzBody {
  const valid = schema ? sample(schema, random) : {};
  const json = (value: unknown, label: string): FuzzBody => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
    label,
  });
  const record = valid && typeof valid === 'object' && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
  const keys = Object.keys(record);
  switch (random.int(12)) {
    case 0:
      return json(valid, 'plausible');
    case 1: {
      if (keys.length === 0) return json(null, 'null body');
      const { [random.pick(keys)]: _dropped, ...rest } = record;
      return json(rest, 'missing field');
    }
    case 2: {
      if (keys.length === 0) return json([1, 2], 'array body');
      const key = random.pick(keys);
      return json({ ...record, [key]: wrongType(record[key], random) }, `wrong type for ${key}`);
    }
    case 3:
    case 4:
      return json(hostileStrings(valid, random), 'hostile strings');
    case 5:
      return {
        payload: `{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"polluted":1}}${keys.length ? `,${JSON.stringify(keys[0])}:${JSON.stringify(record[keys[0]!])}` : ''}}`,
        contentType: 'application/json',
        label: 'prototype keys',
      };
    case 6:
      return { payload: deepJson(random.pick([500, 5_000, 50_000])), contentType: 'application/json', label: 'deep' };
    case 7:
      return json({ ...record, filler: 'x'.repeat(2_000_000) }, 'over the body limit');
    case 8:
      return {
        payload: JSON.stringify(valid),
        contentType: random.pick([
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/x-www-form-urlencoded',
        ]),
        label: 'odd content type',
      };
    case 9:
      return {
        payload: random.pick(['', '{', '{"a":1,}', '\u0000', 'null', '"str"', '123', '[]']),
        contentType: 'application/json',
        label: 'malformed json',
      };
    case 10:
      return json({ ...record, unexpected: MARKER, [`${MARKER}key`]: 1 }, 'unknown fields');
    default:
      return { payload: undefined, contentType: undefined, label: 'no body' };
  }
}

/** Names every object inherits: a lookup of a user's word in a plain object finds these (issue 32). */
export const PROTOTYPE_WORDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'] as const;

/** Integers past what the database's int4 holds, below every id, and past every safe integer. */
export const OUT_OF_RANGE_NUMBERS = ['2147483648', '-1', '1e20'] as const;

/** Year 0 exists in ISO 8601 but not in PostgreSQL's calendar. */
export const YEAR_ZERO_DATES = ['0000-01-01', '0000-01-01T00:00:00Z'] as const;

/** The same value with every string replaced by `text(original)` and every number by `number`. */
export function replaceLeaves(value: unknown, text: (s: string) => string, number?: number): unknown {
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number') return number ?? value;
  if (Array.isArray(value)) return value.map((v) => replaceLeaves(v, text, number));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceLeaves(v, text, number)]));
  return value;
}

/** The names of a route's query parameters, from its schema. */
export function queryParameterNames(schema: unknown): string[] {
  return Object.keys(bodyJsonSchema(schema)?.properties ?? {});
}

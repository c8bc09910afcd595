import { z } from 'zod';

// A minimal valid value for a request schema, generated from its JSON Schema (the same schema the
// route validates with), so route-table tests can call any route without a hand-written body.
// It covers what the app's schemas use; a schema it cannot satisfy makes the caller's test fail.

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  format?: string;
  default?: unknown;
};

const FORMATS: Record<string, string> = {
  email: 'sample@example.test',
  uri: 'https://example.test/',
  date: '2026-01-15',
  'date-time': '2026-01-15T00:00:00.000Z',
};

function sampleString(schema: JsonSchema): string {
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format] ?? '';
  return 'sample'.padEnd(Math.max(schema.minLength ?? 1, 6), 'x');
}

function sampleJson(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.[0]) return sampleJson(variants.find((v) => v.type !== 'null') ?? variants[0]);
  if (schema.allOf?.[0]) return sampleJson(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleJson(schema.properties?.[key] ?? {});
      return out;
    }
    case 'array':
      if (schema.prefixItems) return schema.prefixItems.map(sampleJson);
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleJson(schema.items ?? {}));
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return schema.default ?? null;
  }
}

/** A value the schema accepts, or an Error saying it could not make one. */
export function sampleInput(schema: z.ZodType): unknown {
  const value = sampleJson(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  const checked = schema.safeParse(value);
  if (!checked.success) throw new Error(`cannot sample a valid input: ${JSON.stringify(checked.error.issues)}`);
  return value;
}

import type { FastifyBaseLogger } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Every route declares its response schemas; this serializer checks what a handler sends against
// the schema of that status. A response that does not match is a 500 where drift must be caught
// (tests, development) and a warning in production, where the answer still goes out (the user
// should not pay for a contract slip). Matching responses are sent as the schema's output, so a
// field a DTO forgot to drop never leaves the server.

export type ResponseValidationMode = 'strict' | 'log';

type SerializerInput = { schema: unknown; method: string; url: string; httpStatus?: string };

function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

export function createResponseSerializer(options: { mode: ResponseValidationMode; log: FastifyBaseLogger }) {
  return ({ schema, method, url, httpStatus }: SerializerInput) =>
    (data: unknown): string => {
      if (!isZodSchema(schema)) return JSON.stringify(data);
      const result = schema.safeParse(data);
      if (result.success) return JSON.stringify(result.data);
      if (options.mode === 'strict') throw new ResponseSerializationError(method, url, { cause: result.error });
      options.log.warn(
        { method, url, status: httpStatus, issues: result.error.issues.slice(0, 5) },
        'response does not match its declared schema',
      );
      return JSON.stringify(data);
    };
}

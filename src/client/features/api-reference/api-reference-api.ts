import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '#client/lib/api-client.ts';

// GET /api/v1/openapi.json (public, generated from the routes' zod schemas). Parsed loosely: the
// page shows what the document says and does not require more than OpenAPI's own shape.

const schemaObject: z.ZodType<Record<string, unknown>> = z.record(z.string(), z.unknown());

const operationSchema = z.object({
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z
    .array(
      z.object({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: schemaObject.optional(),
      }),
    )
    .optional(),
  requestBody: z
    .object({ content: z.record(z.string(), z.object({ schema: schemaObject.optional() })).optional() })
    .optional(),
  responses: z
    .record(
      z.string(),
      z.object({
        description: z.string().optional(),
        content: z.record(z.string(), z.object({ schema: schemaObject.optional() })).optional(),
      }),
    )
    .optional(),
});
export type Operation = z.infer<typeof operationSchema>;

const documentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export type ApiReference = {
  title: string;
  version: string;
  openapi: string;
  description: string | null;
  operations: { method: (typeof HTTP_METHODS)[number]; path: string; operation: Operation }[];
};

export const apiReferenceKeys = { all: ['api-reference'] as const };

export function apiReferenceQueryOptions() {
  return queryOptions({
    queryKey: apiReferenceKeys.all,
    queryFn: async (): Promise<ApiReference> => {
      const doc = documentSchema.parse(await apiRequest('/api/v1/openapi.json'));
      const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
        HTTP_METHODS.flatMap((method) => {
          const parsed = operationSchema.safeParse(item[method]);
          return item[method] !== undefined && parsed.success ? [{ method, path, operation: parsed.data }] : [];
        }),
      );
      return {
        title: doc.info.title,
        version: doc.info.version,
        openapi: doc.openapi,
        description: doc.info.description ?? null,
        operations,
      };
    },
  });
}

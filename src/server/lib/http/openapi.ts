import { planSchema, planTemplateSchema } from '#shared/action-plans/action-plans.schemas.ts';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { accountPreferencesSchema } from '#shared/account/preferences.schemas.ts';
import { errorBodySchema } from '#shared/api/envelope.schemas.ts';
import type { ApiErrorBody } from '#shared/api/errors.ts';
import { publicUserSchema } from '#shared/auth/user.schemas.ts';
import { subscriptionViewSchema } from '#shared/billing/billing.schemas.ts';
import {
  competitorSchema,
  evidenceSchema,
  opportunitySchema,
  scoreBreakdownSchema,
} from '#shared/engine/analysis.schemas.ts';
import { projectSchema } from '#shared/projects/projects.schemas.ts';
import { searchFiltersSchema } from '#shared/searches/filters.schemas.ts';
import { searchListItemSchema, searchResultDtoSchema } from '#shared/searches/search.schemas.ts';

// The OpenAPI 3.1 document, generated from the zod schemas the routes validate with (one contract,
// no hand-written spec). openApiDocument() can cut it down to a part of the API (a path prefix or
// tags), e.g. the enterprise API's /api/v1 document.

export const OPENAPI_INFO = {
  title: 'Unbuilt API',
  version: '1.0.0',
  description:
    'Evidence-backed market-gap analysis. Every response uses the envelope { success, data | code, message }.',
};

/**
 * Schemas that appear in many operations, named once under components/schemas (a private
 * registry: zod's global one would change every other z.toJSONSchema call, the LLM's included).
 */
const components = z.registry<{ id: string }>();
const NAMED: [z.ZodType, string][] = [
  [errorBodySchema, 'ErrorBody'],
  [publicUserSchema, 'PublicUser'],
  [accountPreferencesSchema, 'AccountPreferences'],
  [subscriptionViewSchema, 'SubscriptionView'],
  [searchFiltersSchema, 'SearchFilters'],
  [searchListItemSchema, 'SearchListItem'],
  [evidenceSchema, 'Evidence'],
  [competitorSchema, 'Competitor'],
  [scoreBreakdownSchema, 'ScoreBreakdown'],
  [opportunitySchema, 'Opportunity'],
  [searchResultDtoSchema, 'SearchResult'],
  [projectSchema, 'Project'],
  [planSchema, 'ActionPlan'],
  [planTemplateSchema, 'PlanTemplate'],
];
for (const [schema, id] of NAMED) components.add(schema, { id });

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // /api/v1 (Enterprise): `Authorization: Bearer ub_live_…`
          apiKey: { type: 'http', scheme: 'bearer', description: 'An Enterprise API key (ub_live_…)' },
        },
      },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: components }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: components }),
  });
}

export type OpenApiFilter = { pathPrefix?: string; tags?: string[] };

type Operation = OpenAPIV3_1.OperationObject;

function keepOperation(path: string, operation: Operation, filter: OpenApiFilter): boolean {
  if (filter.pathPrefix && !path.startsWith(filter.pathPrefix)) return false;
  if (filter.tags && !(operation.tags ?? []).some((tag) => filter.tags?.includes(tag))) return false;
  return true;
}

type Responses = NonNullable<Operation['responses']>;

const ERROR_EXAMPLES: Record<string, { summary: string; value: ApiErrorBody }> = {
  validation: {
    summary: 'A field failed validation',
    value: {
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      fieldErrors: { query: 'Enter what you want to search for' },
    },
  },
  unauthenticated: {
    summary: 'Not signed in',
    value: { success: false, code: 'UNAUTHENTICATED', message: 'Please sign in.' },
  },
  notFound: {
    summary: 'Not found (or not yours)',
    value: { success: false, code: 'NOT_FOUND', message: 'The analysis was not found.' },
  },
  rateLimited: {
    summary: 'Too many requests',
    value: { success: false, code: 'RATE_LIMITED', message: 'Too many requests. Please wait a minute.' },
  },
};

/** What each status means, in place of the generator's "Default Response" (issue 29), with error examples. */
function describeResponses(operation: Operation): Responses {
  const what = operation.summary ?? 'The result';
  const described: Responses = {};
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!response || '$ref' in response) {
      if (response) described[status] = response;
      continue;
    }
    const description =
      status === '4XX'
        ? 'A mistake in the request (validation, sign-in, plan, not found, rate limit): the error envelope with a code and a message to show'
        : status === '5XX'
          ? 'A server fault or a dependency down: the error envelope; retrying later is safe'
          : status === '503'
            ? 'Not ready: a dependency (database, engine index) is unavailable'
            : status === '201'
              ? `Created. ${what}, in the { success: true, data } envelope`
              : status === '202'
                ? `Accepted for processing. ${what}`
                : `${what}, in the { success: true, data } envelope`;
    const content = response.content?.['application/json'];
    const examples =
      status === '4XX'
        ? ERROR_EXAMPLES
        : status === '5XX'
          ? {
              internal: {
                summary: 'Server fault',
                value: { success: false, code: 'INTERNAL', message: 'Something went wrong. Please try again.' },
              },
            }
          : undefined;
    described[status] = {
      ...response,
      description:
        response.description === 'Default Response' || !response.description ? description : response.description,
      ...(content && examples
        ? { content: { ...response.content, 'application/json': { ...content, examples } } }
        : {}),
    };
  }
  return described;
}

/** The whole API's document, or the part a filter selects (call after app.ready()). */
export function openApiDocument(app: FastifyInstance, filter: OpenApiFilter = {}): OpenAPIV3_1.Document {
  const document = app.swagger() as OpenAPIV3_1.Document;
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    const kept: Record<string, Operation> = {};
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation === 'object' && operation !== null && 'responses' in operation) {
        if (keepOperation(path, operation, filter))
          kept[method] = { ...operation, responses: describeResponses(operation) };
      }
    }
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  return { ...document, paths };
}

import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { errorBodySchema } from '#shared/api/envelope.schemas.ts';
import type { RouteAccess } from '../access/route-access.ts';
import { isSignInGuard } from './auth-guard.ts';

// The app's route table, collected as routes register. Tests walk it (every route has response
// schemas, the OpenAPI document matches it, every route with an id parameter refuses other users'
// ids), and so can later suites (the fuzz suite of the hardening work).

export type RouteEntry = {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** What the route's path parameters name (access/route-access.ts). */
  access: RouteAccess | undefined;
  /** Whether the route's own onRequest or preHandler hooks sign the caller in (requireUser and the guards built on it). */
  signsIn: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

function methodsOf(method: RouteOptions['method']): string[] {
  return (Array.isArray(method) ? method : [method]).map(String).filter((m) => m !== 'HEAD');
}

/**
 * Starts collecting routes (call before any feature registers). Every /api route also gets the
 * error envelope as its 4xx and 5xx response schema unless it declares its own.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return;
    const methods = methodsOf(route.method);
    if (methods.length === 0) return;
    const schema: FastifySchema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string, unknown>;
    response['4xx'] ??= errorBodySchema;
    response['5xx'] ??= errorBodySchema;
    schema.response = response;
    route.schema = schema;
    const access = route.config?.access;
    const hooks = [route.onRequest, route.preHandler].flat();
    const signsIn = hooks.some((hook) => isSignInGuard(hook));
    for (const method of methods) table.push({ method, url: route.url, schema, access, signsIn });
  });
}

/** Status codes a route declares a success (1xx–3xx) schema for. */
export function successStatuses(entry: RouteEntry): string[] {
  const response = (entry.schema?.response ?? {}) as Record<string, unknown>;
  return Object.keys(response).filter((status) => /^[123]/.test(status));
}

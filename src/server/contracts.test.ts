import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { openApiDocument } from './lib/http/openapi.ts';
import { successStatuses, type RouteEntry } from './lib/http/route-table.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

// Contracts both ways: every route declares what it answers, the OpenAPI document is generated from
// those declarations and matches the route table, and a response that drifts from its schema is a
// 500 here (strict) and a logged warning in production (log).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ENABLE_TEST_HOOKS: 'true' } });
});
afterAll(() => t.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `/api/searches/:id/` → `/api/searches/{id}` (the document's form; a trailing slash is the same route). */
function documentPath(url: string): string {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

function isHidden(route: RouteEntry): boolean {
  return Boolean(route.schema?.hide);
}

describe('the route table', () => {
  it('holds every /api route, each with a zod response schema for its success status', () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((route) => {
      const statuses = successStatuses(route);
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      return statuses.length === 0 || statuses.some((status) => !(response[status] instanceof z.ZodType));
    });
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('lists exactly the visible routes, each with its success and error responses', () => {
    const document = openApiDocument(t.app);
    expect(document.openapi).toBe('3.1.0');
    const fromRoutes = new Set(
      t.app.routeTable.filter((r) => !isHidden(r)).map((r) => `${r.method.toLowerCase()} ${documentPath(r.url)}`),
    );
    const fromDocument = new Set<string>();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item?.[method];
        if (!operation) continue;
        fromDocument.add(`${method} ${documentPath(path)}`);
        const statuses = Object.keys(operation.responses ?? {});
        expect(
          statuses.some((s) => /^2/.test(s)),
          `${method} ${path} has a 2xx response`,
        ).toBe(true);
        expect(statuses, `${method} ${path} documents its errors`).toContain('4XX');
      }
    }
    expect([...fromDocument].sort()).toEqual([...fromRoutes].sort());
  });

  it('describes every response (no "Default Response") and gives examples of the error envelope (issue 29)', () => {
    const document = openApiDocument(t.app);
    const text = JSON.stringify(document);
    expect(text).not.toContain('Default Response');
    const op = document.paths?.['/api/searches/{id}']?.get;
    expect(op?.responses?.['200']).toMatchObject({ description: expect.stringMatching(/envelope/) });
    const errors = op?.responses?.['4XX'] as { content?: Record<string, { examples?: Record<string, unknown> }> };
    expect(Object.keys(errors.content?.['application/json']?.examples ?? {})).toEqual(
      expect.arrayContaining(['validation', 'notFound']),
    );
  });

  it('has not drifted from docs/api/openapi.json (run `npm run openapi` after changing a contract)', async () => {
    const document = JSON.stringify(openApiDocument(t.app), null, 2);
    await expect(`${document}\n`).toMatchFileSnapshot('../../docs/api/openapi.json');
  });

  it('can be cut down to one part of the API by path prefix or tag', () => {
    const projectsOnly = openApiDocument(t.app, { pathPrefix: '/api/projects' });
    expect(Object.keys(projectsOnly.paths ?? {}).every((p) => p.startsWith('/api/projects'))).toBe(true);
    expect(Object.keys(projectsOnly.paths ?? {}).length).toBeGreaterThan(0);
    const billing = openApiDocument(t.app, { tags: ['billing'] });
    const operations = Object.values(billing.paths ?? {}).flatMap((item) =>
      METHODS.map((m) => item?.[m]).filter((op) => op !== undefined),
    );
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) expect(op.tags).toContain('billing');
  });
});

describe('response validation', () => {
  const probe = ok(z.object({ id: z.number().int(), name: z.string() }));

  async function appWith(mode: 'strict' | 'log') {
    const lines: string[] = [];
    const app = await createTestApp({
      env: { RESPONSE_VALIDATION: mode, LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
      extend: (a) => {
        a.get('/api/probe/drift', { schema: { response: { 200: probe } } }, async () => ({
          success: true,
          data: { id: 'not a number', name: 'x' },
        }));
        a.get('/api/probe/leak', { schema: { response: { 200: probe } } }, async () => ({
          success: true,
          data: { id: 1, name: 'x', passwordHash: 'secret' },
        }));
      },
    });
    return { app, lines };
  }

  it('answers 500 in the envelope when a response does not match its schema (strict)', async () => {
    const { app } = await appWith('strict');
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/probe/drift' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: 'INTERNAL' });
    } finally {
      await app.close();
    }
  });

  it('sends the response and logs a warning in log mode (production)', async () => {
    const { app, lines } = await appWith('log');
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/probe/drift' });
      expect(res.statusCode).toBe(200);
      expect(lines.join('\n')).toContain('response does not match its declared schema');
    } finally {
      await app.close();
    }
  });

  it('never sends a field the schema does not declare', async () => {
    const { app } = await appWith('strict');
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/probe/leak' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { id: 1, name: 'x' } });
    } finally {
      await app.close();
    }
  });
});

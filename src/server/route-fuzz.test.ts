import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '#shared/api/errors.ts';
import { readTestVariable } from './env.ts';
import type { RouteEntry } from './lib/http/route-table.ts';
import { createFakeEngine } from './test/fake-engine.ts';
import { createUser } from './test/factories.ts';
import {
  bodyJsonSchema,
  createRandom,
  MARKER,
  mutateBody,
  NASTY_PATH_VALUES,
  NASTY_QUERY,
  OUT_OF_RANGE_NUMBERS,
  PROTOTYPE_WORDS,
  queryParameterNames,
  replaceLeaves,
  sample,
  YEAR_ZERO_DATES,
  type Random,
} from './test/fuzz/fuzz-inputs.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { scaled } from './test/timeouts.ts';

// The standing fuzz suite (issue 12): every route of the route table, signed out, as a user and as
// an admin, with hostile path parameters, query strings and bodies generated from the route's own
// schema. Whatever arrives: no 5xx, always the error envelope with a known code and its status, and
// no hostile text echoed in an error. `npm test` runs a fixed seed and a bounded number of cases;
// `npm run test:fuzz` (FUZZ_CASES, FUZZ_SEED) and `npm run soak` run more.

const CASES_PER_ROUTE = Number(readTestVariable('FUZZ_CASES') ?? 4);
const SEED = Number(readTestVariable('FUZZ_SEED') ?? 20261123);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
});
afterAll(() => t.close());

type Outcome = { route: string; label: string; status: number; problem: string };

function fillPath(url: string, random: Random): string {
  return url
    .replace(/:([A-Za-z0-9_]+)/g, () => random.pick(NASTY_PATH_VALUES))
    .replace(/\*$/, random.pick(NASTY_PATH_VALUES));
}

function checkResponse(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (res.statusCode >= 500) return `status ${String(res.statusCode)}: ${res.body.slice(0, 200)}`;
  const header = res.headers['content-type'];
  const type = typeof header === 'string' ? header : '';
  if (res.statusCode >= 400) {
    if (!type.startsWith('application/json')) return `error without the JSON envelope (${type})`;
    let body: { success?: unknown; code?: unknown; message?: unknown };
    try {
      body = JSON.parse(res.body) as typeof body;
    } catch {
      return 'error body is not JSON';
    }
    if (body.success !== false || typeof body.message !== 'string') return 'error body is not the envelope';
    if (!ERROR_CODES.includes(body.code as ErrorCode)) return `unknown error code ${String(body.code)}`;
    if (ERROR_STATUS[body.code as ErrorCode] !== res.statusCode)
      return `code ${String(body.code)} with status ${String(res.statusCode)}`;
    if (res.body.includes(MARKER) || res.body.includes('fz-marker')) return 'hostile input echoed in an error';
  }
  if (type.startsWith('text/html') && res.body.includes(MARKER)) return 'hostile input echoed unescaped in HTML';
  return null;
}

describe('route fuzz', () => {
  it(
    `every route answers hostile input without a 5xx, in the envelope (${String(CASES_PER_ROUTE)} cases per route and identity, seed ${String(SEED)})`,
    async () => {
      const random = createRandom(SEED);
      const routes: RouteEntry[] = t.app.routeTable.filter((r) => !r.url.startsWith('/api/__test'));
      expect(routes.length).toBeGreaterThan(40);
      const failures: Outcome[] = [];
      let requests = 0;
      for (const route of routes) {
        const schema = bodyJsonSchema(route.schema?.body);
        // Fresh identities per route: a route that deletes the account or ends sessions cannot starve the rest.
        const user = await createUser(t);
        const admin = await createUser(t, { role: 'admin' });
        const identities: Array<Record<string, string>> = [
          {},
          user.headers,
          admin.headers,
          { authorization: 'Bearer x.y.z' },
        ];
        for (const headers of identities) {
          for (let i = 0; i < CASES_PER_ROUTE; i++) {
            const body = route.method === 'GET' || route.method === 'DELETE' ? null : mutateBody(schema, random);
            const query = random.next() < 0.5 ? `?${random.pick(NASTY_QUERY)}` : '';
            const url = `${fillPath(route.url, random)}${query}`;
            const res = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers: {
                ...headers,
                origin: new URL(t.env.PUBLIC_URL).origin,
                ...(body?.contentType ? { 'content-type': body.contentType } : {}),
              },
              ...(body?.payload !== undefined ? { payload: body.payload } : {}),
            });
            requests++;
            const problem = checkResponse(res);
            if (problem)
              failures.push({
                route: `${route.method} ${route.url}`,
                label: body?.label ?? 'no body',
                status: res.statusCode,
                problem,
              });
          }
        }
      }
      console.info(
        `route fuzz: ${String(requests)} requests over ${String(routes.length)} routes, ${String(failures.length)} failures`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
    },
    scaled(120_000 + CASES_PER_ROUTE * 30_000),
  );

  it(
    'prototype names as words in every text field, out-of-range ints and year-0 dates in every query parameter',
    async () => {
      const routes: RouteEntry[] = t.app.routeTable.filter((r) => !r.url.startsWith('/api/__test'));
      const origin = new URL(t.env.PUBLIC_URL).origin;
      const failures: Outcome[] = [];
      let requests = 0;
      const random = createRandom(SEED);
      for (const route of routes) {
        const schema = bodyJsonSchema(route.schema?.body);
        const valid = schema ? sample(schema, random) : null;
        const phrase = `app for ${PROTOTYPE_WORDS.join(' ')} workers`;
        const bodies: Array<{ label: string; payload: unknown }> = valid
          ? [
              { label: 'prototype names in text', payload: replaceLeaves(valid, () => phrase) },
              ...PROTOTYPE_WORDS.map((word) => ({
                label: `"${word}" as every string`,
                payload: replaceLeaves(valid, () => word),
              })),
              ...[2147483648, -1, 1e20].map((n) => ({
                label: `${String(n)} as every number`,
                payload: replaceLeaves(valid, (v) => v, n),
              })),
            ]
          : [];
        const queries = queryParameterNames(route.schema?.querystring).flatMap((name) =>
          [...OUT_OF_RANGE_NUMBERS, ...YEAR_ZERO_DATES, ...PROTOTYPE_WORDS].map(
            (value) => `?${name}=${encodeURIComponent(value)}`,
          ),
        );
        const user = await createUser(t);
        const admin = await createUser(t, { role: 'admin' });
        for (const headers of [user.headers, admin.headers]) {
          const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '1').replace(/\*$/, '1');
          const cases = [
            ...bodies.map((b) => ({ url: path, label: b.label, payload: JSON.stringify(b.payload) })),
            ...queries.map((q) => ({ url: `${path}${q}`, label: q, payload: undefined })),
          ];
          for (const c of cases) {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: c.url,
              headers: { ...headers, origin, ...(c.payload ? { 'content-type': 'application/json' } : {}) },
              ...(c.payload ? { payload: c.payload } : {}),
            });
            requests++;
            const problem = checkResponse(res);
            if (problem)
              failures.push({ route: `${route.method} ${route.url}`, label: c.label, status: res.statusCode, problem });
          }
        }
      }
      console.info(
        `route fuzz (words, ints, dates): ${String(requests)} requests, ${String(failures.length)} failures`,
      );
      expect(failures.slice(0, 30)).toEqual([]);
    },
    scaled(300_000),
  );
});

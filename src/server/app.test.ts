import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { BODY_LIMIT_BYTES: '2048' },
    extend: (app) => {
      app.withTypeProvider<ZodTypeProvider>().post(
        '/api/__probe',
        {
          schema: {
            body: z.object({ name: z.string().min(2, 'Name is too short'), tags: z.array(z.string()).max(2) }),
          },
        },
        async (request) => ({ success: true, data: request.body }),
      );
      app.get('/api/__boom', async () => {
        throw new Error('secret internal detail');
      });
    },
  });
});
afterAll(() => t.close());

describe('the envelope for bad input and faults', () => {
  it('answers an unknown /api path with the JSON envelope and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('answers a text or form body with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/__probe',
        headers: { 'content-type': type },
        payload: 'name=ab',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__probe',
      payload: { name: 'x'.repeat(5000), tags: [] },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers schema violations with field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__probe',
      payload: { name: 'a', tags: ['a', 'b', 'c'] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors).toMatchObject({ name: 'Name is too short' });
    expect(Object.keys(body.fieldErrors)).toContain('tags');
  });

  it('hides the detail of an unexpected error behind a 500 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, code: 'INTERNAL', message: expect.any(String) });
    expect(res.body).not.toContain('secret internal detail');
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and a referrer policy on API responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  // The headers are computed once at start (ADR 047): every response, errors included, still gets all of them.
  it.each([
    ['an API read', '/api/health', 200],
    ['an unknown API path', '/api/no-such-route', 404],
    ['a refused read', '/api/searches', 401],
  ])('sends every helmet header on %s', async (_what, url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe('GET /api/health', () => {
  it('reports the database reachable and migrations applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.status).toBe('ok');
    expect(body.data.database).toEqual({ kind: t.db.engineName, reachable: true });
    expect(body.data.migrations.upToDate).toBe(true);
    expect(body.data.migrations.applied).toBeGreaterThan(0);
  });
});

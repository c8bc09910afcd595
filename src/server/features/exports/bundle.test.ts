import { createHmac } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_IMPORT_LIMIT_MESSAGE,
  BUNDLE_MALFORMED_MESSAGE,
  MAX_BUNDLE_IMPORTS_PER_HOUR,
  BUNDLE_TOO_LARGE_MESSAGE,
  MAX_BUNDLE_BYTES,
  type AnalysisBundle,
} from '#shared/exports/bundle.schemas.ts';
import type { SearchDetail } from '#shared/searches/search.schemas.ts';
import { IMPORTED_READ_ONLY_MESSAGE } from '#shared/searches/search.schemas.ts';
import { searchResults, searches } from '../../db/schema/index.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { analysisOf as analysisOfIn, PRO } from '../../test/search-helpers.ts';
import { canonicalJson } from './analysis-bundle.logic.ts';

// The portable analysis bundle: export (app and API key), signature, import as a read-only copy,
// tampered / foreign / malformed / oversized bundles, and access across users.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
  t.clock.set(new Date('2026-07-10T12:00:00Z'));
});
afterAll(() => t.close());

const analysisOf = (user: TestUser, query: string) => analysisOfIn(t, user, query);

async function exportBundle(user: TestUser, searchId: number): Promise<AnalysisBundle> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/exports/searches/${searchId}/bundle`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.headers['content-disposition']).toMatch(/attachment; filename="unbuilt-.*\.unbuilt\.json"/);
  return res.json<AnalysisBundle>();
}

const importBundle = (user: TestUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/exports/bundles',
    headers: { ...user.headers, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function searchCount(userId: number): Promise<{ searches: number; results: number }> {
  const [s] = await t.db.db.select({ n: count() }).from(searches).where(eq(searches.userId, userId));
  const [r] = await t.db.db
    .select({ n: count() })
    .from(searchResults)
    .innerJoin(searches, eq(searches.id, searchResults.searchId))
    .where(eq(searches.userId, userId));
  return { searches: Number(s?.n ?? 0), results: Number(r?.n ?? 0) };
}

const detail = async (user: TestUser, id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/searches/${id}`, headers: user.headers });
  return { status: res.statusCode, data: res.json<{ data: SearchDetail }>().data };
};

describe('exporting a bundle', () => {
  it('holds the analysis, every evidence row with its source, the versions and a signature; any plan', async () => {
    const owner = await createUser(t);
    const id = await analysisOf(owner, 'dental practice scheduling');
    const bundle = await exportBundle(owner, id);
    const original = await detail(owner, id);

    expect(bundle.format).toBe('unbuilt-analysis-bundle');
    expect(bundle.schemaVersion).toBe(1);
    expect(bundle.payload.versions).toEqual({
      corpus: original.data.analysis.corpusVersion,
      rubric: original.data.analysis.rubricVersion,
    });
    expect(bundle.payload.analysis.query).toBe('dental practice scheduling');
    expect(bundle.payload.analysis.opportunities.map((o) => o.title)).toEqual(
      original.data.results.map((r) => r.title),
    );
    const evidence = bundle.payload.analysis.opportunities.flatMap((o) => o.evidence);
    expect(evidence).toEqual(original.data.results.flatMap((r) => r.evidence));
    expect(evidence.length).toBeGreaterThan(0);
    const cited = new Set(evidence.map((e) => e.source));
    expect(bundle.payload.sources.map((s) => s.id)).toEqual(expect.arrayContaining([...cited]));
    expect(bundle.signature.algorithm).toBe('HMAC-SHA256');
    expect(bundle.signature.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nothing of the owner in the file.
    expect(JSON.stringify(bundle)).not.toContain(owner.user.email);
  });

  it("answers another user's analysis with 404", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t, PRO);
    const id = await analysisOf(owner, 'veterinary clinic billing');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/exports/searches/${id}/bundle`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('importing a bundle', () => {
  it('makes a verified, read-only copy in the importer account, with the original untouched', async () => {
    const owner = await createUser(t, PRO);
    const importer = await createUser(t);
    const id = await analysisOf(owner, 'freight brokerage software');
    const bundle = await exportBundle(owner, id);

    const res = await importBundle(importer, bundle);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<{ data: { searchId: number; verified: boolean; opportunities: number } }>().data;
    expect(result.verified).toBe(true);
    expect(result.searchId).not.toBe(id);

    const copy = await detail(importer, result.searchId);
    expect(copy.status).toBe(200);
    expect(copy.data.imported).toMatchObject({ verified: true, analysedAt: bundle.payload.analysis.analysedAt });
    expect(copy.data.results.map((r) => r.evidence)).toEqual(
      bundle.payload.analysis.opportunities.map((o) => o.evidence),
    );
    expect(copy.data.analysis.corpusVersion).toBe(bundle.payload.versions.corpus);
    expect((await detail(owner, id)).data.imported).toBeNull();

    const list = await t.app.inject({ method: 'GET', url: '/api/searches', headers: importer.headers });
    expect(
      list.json<{ data: { items: { id: number; imported: { verified: boolean } | null }[] } }>().data.items,
    ).toEqual([
      expect.objectContaining({ id: result.searchId, imported: expect.objectContaining({ verified: true }) }),
    ]);

    // Read-only: it cannot be re-run as the importer's own analysis (and costs no search).
    const rerun = await t.app.inject({
      method: 'POST',
      url: `/api/searches/${result.searchId}/rerun`,
      headers: importer.headers,
    });
    expect(rerun.statusCode).toBe(409);
    expect(rerun.json<{ message: string }>().message).toBe(IMPORTED_READ_ONLY_MESSAGE);

    // The copy is the importer's: another user (the original owner included) gets 404.
    expect((await detail(owner, result.searchId)).status).toBe(404);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/exports/searches/${result.searchId}/pdf`,
      headers: owner.headers,
    });
    expect(pdf.statusCode).toBe(404);

    // A copy can be exported again; re-importing that verifies too (same server).
    const again = await importBundle(owner, await exportBundle(importer, result.searchId));
    expect(again.json<{ data: { verified: boolean } }>().data.verified).toBe(true);
  });

  it('imports a tampered bundle, or one signed by another server, as "imported, not verified"', async () => {
    const owner = await createUser(t, PRO);
    const importer = await createUser(t, PRO);
    const bundle = await exportBundle(owner, await analysisOf(owner, 'church event management'));

    const tampered = structuredClone(bundle);
    const first = tampered.payload.analysis.opportunities[0];
    if (!first) throw new Error('the fake engine gives opportunities');
    first.opportunityScore = 99;
    const foreign = structuredClone(bundle);
    const { signature: _dropped, ...signed } = foreign;
    foreign.signature.value = createHmac('sha256', 'another-server-secret-0123456789abcdef')
      .update(canonicalJson(signed))
      .digest('base64url');
    const garbage = { ...structuredClone(bundle), signature: { algorithm: 'HMAC-SHA256', value: 'AAAA' } };

    for (const candidate of [tampered, foreign, garbage]) {
      const res = await importBundle(importer, candidate);
      expect(res.statusCode, res.body).toBe(201);
      const { searchId, verified } = res.json<{ data: { searchId: number; verified: boolean } }>().data;
      expect(verified).toBe(false);
      expect((await detail(importer, searchId)).data.imported).toMatchObject({ verified: false });
    }
    // Key order and whitespace do not matter: the untouched bundle, re-serialised, still verifies.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(bundle).reverse()), null, 2);
    const res = await importBundle(importer, reordered);
    expect(res.json<{ data: { verified: boolean } }>().data.verified).toBe(true);
  });

  it('keeps only http(s) URLs: javascript:, data: and relative links in a bundle are dropped on import', async () => {
    const owner = await createUser(t, PRO);
    const importer = await createUser(t, PRO);
    const bundle = await exportBundle(owner, await analysisOf(owner, 'kennel booking for dog walkers'));
    const first = bundle.payload.analysis.opportunities[0];
    if (!first) throw new Error('the fake engine gives opportunities');
    const hostile = [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      '//evil.test/x',
    ];
    first.competitors = hostile.map((url, i) => ({
      name: `Rival ${String(i)}`,
      url,
      source: 'llm' as const,
      verified: false,
    }));
    first.competitors.push({ name: 'Fine Co', url: 'https://fine.example.com/', source: 'llm', verified: false });
    first.evidence = first.evidence.map((e, i) => ({ ...e, url: i === 0 ? 'vbscript:msgbox(1)' : e.url }));

    const res = await importBundle(importer, bundle);
    expect(res.statusCode, res.body).toBe(201);
    const { searchId } = res.json<{ data: { searchId: number } }>().data;
    const imported = (await detail(importer, searchId)).data.results[0];
    const urls = [...(imported?.competitors ?? []), ...(imported?.evidence ?? [])].flatMap((x) =>
      x.url ? [x.url] : [],
    );
    expect(urls).toContain('https://fine.example.com/');
    expect(urls.filter((u) => !/^https?:\/\//.test(u))).toEqual([]);
    expect(imported?.competitors.map((c) => c.name)).toEqual([
      ...hostile.map((_, i) => `Rival ${String(i)}`),
      'Fine Co',
    ]);
  });

  it('rejects malformed bundles with a clear message and writes nothing', async () => {
    const owner = await createUser(t, PRO);
    const importer = await createUser(t);
    const bundle = await exportBundle(owner, await analysisOf(owner, 'school bus routing'));
    const withOpportunity = (change: (o: Record<string, unknown>) => void) => {
      const copy = structuredClone(bundle);
      const [first, second] = copy.payload.analysis.opportunities;
      if (!first || !second) throw new Error('the fake engine gives two opportunities');
      change(second);
      return copy;
    };
    const cases: [string, unknown, string][] = [
      ['not JSON', '{"format": "unbuilt-analysis-bundle", ', 'The request body is not valid JSON.'],
      ['another format', { ...bundle, format: 'zip' }, 'Some fields are invalid.'],
      ['a newer schema', { ...bundle, schemaVersion: 2 }, 'Some fields are invalid.'],
      ['no signature', { ...bundle, signature: undefined }, 'Some fields are invalid.'],
      ['no payload', { ...bundle, payload: 'x' }, 'Some fields are invalid.'],
      // The first opportunity is valid: a half-written import would leave it behind.
      ['a bad second opportunity', withOpportunity((o) => (o.feasibility = 'high')), BUNDLE_MALFORMED_MESSAGE],
      [
        'an evidence row without source',
        withOpportunity((o) => (o.evidence = [{ id: 'x' }])),
        BUNDLE_MALFORMED_MESSAGE,
      ],
      [
        'an empty query',
        { ...bundle, payload: { ...bundle.payload, analysis: { ...bundle.payload.analysis, query: '' } } },
        BUNDLE_MALFORMED_MESSAGE,
      ],
      ['a string', '"bundle"', 'Some fields are invalid.'],
    ];
    const before = await searchCount(importer.user.id);
    for (const [label, payload, message] of cases) {
      const res = await importBundle(importer, payload);
      expect(res.statusCode, label).toBe(400);
      expect(res.json<{ message: string }>().message, label).toBe(message);
    }
    const malformed = await importBundle(
      importer,
      withOpportunity((o) => (o.feasibility = 'high')),
    );
    expect(malformed.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'payload.analysis.opportunities.1.feasibility',
    );
    expect(await searchCount(importer.user.id)).toEqual(before);
  });

  it('refuses a 50 MB bundle before reading it, with a message naming the limit, and writes nothing', async () => {
    const owner = await createUser(t, PRO);
    const importer = await createUser(t);
    const bundle = await exportBundle(owner, await analysisOf(owner, 'bakery inventory'));
    const body = JSON.stringify(bundle);
    const padded = `${body.slice(0, -1)},"padding":"${'x'.repeat(MAX_BUNDLE_BYTES - body.length)}"}`;
    expect(Buffer.byteLength(padded)).toBeGreaterThanOrEqual(MAX_BUNDLE_BYTES);
    const res = await importBundle(importer, padded);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(BUNDLE_TOO_LARGE_MESSAGE);
    expect(await searchCount(importer.user.id)).toEqual({ searches: 0, results: 0 });
  });

  it(`limits each user to ${MAX_BUNDLE_IMPORTS_PER_HOUR} imports an hour, concurrent ones included, then lets them in again`, async () => {
    // Two minutes before the top of an hour, so the next window is reached without the session expiring.
    t.clock.set(new Date('2026-07-10T13:58:00Z'));
    const owner = await createUser(t, PRO);
    const importer = await createUser(t);
    const neighbour = await createUser(t);
    const bundle = await exportBundle(owner, await analysisOf(owner, 'florist delivery'));
    const burst = await Promise.all(
      Array.from({ length: MAX_BUNDLE_IMPORTS_PER_HOUR + 3 }, () => importBundle(importer, bundle)),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_BUNDLE_IMPORTS_PER_HOUR);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json<{ message: string }>().message).toBe(BUNDLE_IMPORT_LIMIT_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Exactly the allowed imports were written; another user is not affected.
    expect((await searchCount(importer.user.id)).searches).toBe(MAX_BUNDLE_IMPORTS_PER_HOUR);
    expect((await importBundle(neighbour, bundle)).statusCode).toBe(201);
    expect((await importBundle(importer, bundle)).statusCode).toBe(429);
    t.clock.advance(3 * 60 * 1000);
    expect((await importBundle(importer, bundle)).statusCode).toBe(201);
  });

  it('needs a signed-in user', async () => {
    const owner = await createUser(t);
    const bundle = await exportBundle(owner, await analysisOf(owner, 'yoga studio bookings'));
    const res = await t.app.inject({ method: 'POST', url: '/api/exports/bundles', payload: bundle });
    expect(res.statusCode).toBe(401);
  });
});

describe('export through the enterprise API', () => {
  async function keyFor(owner: TestUser, scopes: string[]): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: owner.headers,
      payload: { name: 'export key', scopes, expiresInDays: 30 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { key: string } }>().data.key;
  }
  const v1Export = (key: string, id: number, format: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/searches/${id}/export?format=${format}`,
      headers: { authorization: `Bearer ${key}` },
    });

  it('answers format=bundle and format=csv with the export scope, 403 without it, 404 across users', async () => {
    const owner = await createUser(t, { subscriptionTier: 'enterprise', subscriptionStatus: 'active' });
    const other = await createUser(t, { subscriptionTier: 'enterprise', subscriptionStatus: 'active' });
    const id = await analysisOf(owner, 'construction site safety');
    const key = await keyFor(owner, ['export']);

    const bundle = await v1Export(key, id, 'bundle');
    expect(bundle.statusCode, bundle.body).toBe(200);
    const parsed = bundle.json<AnalysisBundle>();
    expect(parsed.payload.analysis.query).toBe('construction site safety');
    const imported = await importBundle(other, parsed);
    expect(imported.json<{ data: { verified: boolean } }>().data.verified).toBe(true);

    const csv = await v1Export(key, id, 'csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);

    expect((await v1Export(key, id, 'pdf')).statusCode).toBe(400);
    expect((await v1Export(await keyFor(owner, ['read']), id, 'bundle')).statusCode).toBe(403);
    expect((await v1Export(await keyFor(other, ['export']), id, 'bundle')).statusCode).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '#shared/app/time.constants.ts';
import type { SharedAnalysis, ShareLinkDto, ShareLinkList } from '#shared/sharing/sharing.schemas.ts';
import { shareLinks } from '../../db/schema/index.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { createUser, signInAs, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let searchId: number;
const TITLE = '<script>alert(1)</script> clinics';

beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
  t.clock.set(new Date('2026-07-01T09:00:00Z'));
  owner = await createUser(t, { email: 'owner-secret@example.test', name: 'Olivia Owner' });
  other = await createUser(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: await auth(owner),
    payload: { query: TITLE },
  });
  searchId = res.json<{ data: { search: { id: number } } }>().data.search.id;
});
afterAll(() => t.close());

/** A token signed at the clock's current time (the expiry test moves the clock past older tokens' life). */
async function auth(user: TestUser) {
  const token = await signInAs(t, user.user.id);
  return { authorization: `Bearer ${token}` };
}

async function createLink(expiresIn: string, user = owner, id = searchId) {
  return t.app.inject({
    method: 'POST',
    url: `/api/searches/${id}/share-links`,
    headers: await auth(user),
    payload: { expiresIn },
  });
}

async function linkOf(expiresIn: string): Promise<ShareLinkDto> {
  const res = await createLink(expiresIn);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ShareLinkDto }>().data;
}

const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/share/${token}` });

describe('share links', () => {
  it('issues 256-bit base64url tokens, unique, at most 64 characters, with the chosen expiry', async () => {
    const day = await linkOf('1d');
    const week = await linkOf('7d');
    const month = await linkOf('30d');
    const never = await linkOf('never');
    const lifetime = (l: ShareLinkDto) => Date.parse(l.expiresAt ?? '') - Date.parse(l.createdAt);
    expect(lifetime(day)).toBe(DAY_MS);
    expect(lifetime(week)).toBe(7 * DAY_MS);
    expect(lifetime(month)).toBe(30 * DAY_MS);
    expect(never.expiresAt).toBeNull();
    const tokens = [day, week, month, never].map((l) => l.token);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(4);
    expect(never).toMatchObject({ state: 'active', viewCount: 0, lastAccessedAt: null, searchId });
  });

  it.each([['2d'], [''], [null], [7]])('refuses the expiry %j', async (expiresIn) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/searches/${searchId}/share-links`,
      headers: await auth(owner),
      payload: { expiresIn },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('shows the analysis to anyone holding the link, with nothing of its owner', async () => {
    const link = await linkOf('7d');
    const res = await open(link.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<{ data: SharedAnalysis }>().data;
    expect(data.query).toBe(TITLE);
    expect(data.results.length).toBeGreaterThan(0);
    expect(data.results[0]?.evidence.length).toBeGreaterThan(0);
    for (const leak of ['owner-secret@example.test', 'Olivia', '"isSaved"', '"isFavorite"', '"userId"', '"searchId"']) {
      expect(res.body).not.toContain(leak);
    }
    // JSON carries the title as data; the client renders it as text.
    expect(data.results[0]?.title).toContain('<script>');
  });

  it('counts 100 concurrent views as 100 and stamps the last access', async () => {
    const link = await linkOf('never');
    const before = t.clock.now().getTime();
    const views = await Promise.all(Array.from({ length: 100 }, () => open(link.token)));
    const after = t.clock.now().getTime();
    expect(views.every((v) => v.statusCode === 200)).toBe(true);
    const [row] = await t.db.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row?.viewCount).toBe(100);
    const lastAccess = row?.lastAccessedAt?.getTime() ?? 0;
    expect(lastAccess).toBeGreaterThanOrEqual(before);
    expect(lastAccess).toBeLessThanOrEqual(after);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/searches/${searchId}/share-links`,
      headers: await auth(owner),
    });
    const listed = list.json<{ data: ShareLinkList }>().data.items.find((l) => l.id === link.id);
    expect(listed).toMatchObject({ viewCount: 100, state: 'active' });
  });

  it('stops showing the analysis when the link expires (the controlled clock), and counts nothing', async () => {
    const start = t.clock.now();
    const link = await linkOf('1d');
    t.clock.set(new Date(Date.parse(link.expiresAt ?? '') - HOUR_MS));
    expect((await open(link.token)).statusCode).toBe(200);
    t.clock.set(new Date(Date.parse(link.expiresAt ?? '')));
    const expired = await open(link.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ success: false, code: 'GONE', message: expect.stringContaining('expired') });
    expect(expired.body).not.toContain('clinics');
    expect(expired.headers['cache-control']).toBe('no-store');
    const [row] = await t.db.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row?.viewCount).toBe(1);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/searches/${searchId}/share-links`,
      headers: await auth(owner),
    });
    expect(list.json<{ data: ShareLinkList }>().data.items.find((l) => l.id === link.id)?.state).toBe('expired');
    t.clock.set(start);
  });

  it('revokes: the link stops working at once; revoking again is harmless', async () => {
    const link = await linkOf('30d');
    expect((await open(link.token)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/share-links/${link.id}`,
        headers: await auth(owner),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: ShareLinkDto }>().data.state).toBe('revoked');
    }
    const gone = await open(link.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toContain('turned off');
  });

  it('answers an unknown or malformed token with a 404, never an analysis', async () => {
    expect((await open('A'.repeat(43))).statusCode).toBe(404);
    expect((await open('not%20a%20token')).statusCode).toBe(400);
    expect((await open('x'.repeat(65))).statusCode).toBe(400);
  });

  it('keeps links and their analyses to their owner', async () => {
    const link = await linkOf('7d');
    expect((await createLink('7d', other)).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/searches/${searchId}/share-links`,
      headers: await auth(other),
    });
    expect(list.statusCode).toBe(404);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/share-links/${link.id}`,
      headers: await auth(other),
    });
    expect(revoke.statusCode).toBe(404);
    expect((await open(link.token)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/searches/${searchId}/share-links`,
          payload: { expiresIn: '1d' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('dies with its analysis', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: await auth(owner),
      payload: { query: 'vets' },
    });
    const id = res.json<{ data: { search: { id: number } } }>().data.search.id;
    const link = (await createLink('never', owner, id)).json<{ data: ShareLinkDto }>().data;
    await t.app.inject({ method: 'DELETE', url: `/api/searches/${id}`, headers: await auth(owner) });
    expect((await open(link.token)).statusCode).toBe(404);
  });
});

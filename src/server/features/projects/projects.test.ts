import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MAX_PROJECTS_PER_USER, type ProjectDto, type ProjectPage } from '#shared/projects/projects.schemas.ts';
import { projects } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createThemedEngine } from '../../test/fake-engine.ts';

let t: TestApp;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createThemedEngine() } });
  t.clock.set(new Date('2026-07-01T00:00:00Z'));
  a = await createUser(t);
  b = await createUser(t);
});
afterAll(() => t.close());

const run = (u: TestUser, query: string) =>
  t.app
    .inject({ method: 'POST', url: '/api/search', headers: u.headers, payload: { query } })
    .then((r) => r.json<{ data: { search: { id: number } } }>().data.search.id);

describe('projects', () => {
  it.each([
    ['', 'Project name is required'],
    ['   ', 'Project name is required'],
    ['x'.repeat(201), 'Project name must be 200 characters or less'],
  ])('rejects the name %j with the documented message', async (name, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: a.headers, payload: { name } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ name: message });
  });

  it('creates, groups analyses (once), archives, and hides them from other users', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: a.headers,
      payload: { name: ' Clinics ', tags: ['health'] },
    });
    expect(created.statusCode).toBe(201);
    const project = created.json<{ data: ProjectDto }>().data;
    expect(project).toMatchObject({ name: 'Clinics', tags: ['health'], archived: false, analyses: [] });
    const searchId = await run(a, 'clinics 2025');
    for (let i = 0; i < 2; i++) {
      const add = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/analyses`,
        headers: a.headers,
        payload: { searchId },
      });
      expect(add.statusCode).toBe(200);
    }
    await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${project.id}`,
      headers: a.headers,
      payload: { archived: true },
    });
    const list = (await t.app.inject({ method: 'GET', url: '/api/projects', headers: a.headers })).json<{
      data: ProjectPage;
    }>().data.items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ archived: true, analyses: [{ id: searchId, query: 'clinics 2025' }] });

    const otherSearch = await run(b, 'vets 2025');
    const foreignLink = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/analyses`,
      headers: a.headers,
      payload: { searchId: otherSearch },
    });
    expect(foreignLink.statusCode).toBe(404);
    for (const [method, url, payload] of [
      ['PATCH', `/api/projects/${project.id}`, { name: 'mine now' }],
      ['DELETE', `/api/projects/${project.id}`, undefined],
      ['POST', `/api/projects/${project.id}/analyses`, { searchId: otherSearch }],
      ['DELETE', `/api/projects/${project.id}/analyses/${searchId}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: b.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/projects', headers: b.headers })).json().data.items).toEqual(
      [],
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: a.headers })).statusCode,
    ).toBe(200);
  });
});

describe('the project cap', () => {
  it('holds exactly under concurrent creates, then refuses with a clear 409, and listing stays paginated', async () => {
    const c = await createUser(t);
    await t.db.db.insert(projects).values(
      Array.from({ length: MAX_PROJECTS_PER_USER - 2 }, (_, i) => ({
        userId: c.user.id,
        name: `p${String(i)}`,
        tags: [],
      })),
    );
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: c.headers,
          payload: { name: `race ${String(i)}` },
        }),
      ),
    );
    expect(attempts.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = attempts.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(6);
    expect(refused[0]?.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('at most 200 projects'),
    });
    const [held] = await t.db.db.select({ n: count() }).from(projects).where(eq(projects.userId, c.user.id));
    expect(Number(held?.n)).toBe(MAX_PROJECTS_PER_USER);
    const page = await t.app.inject({ method: 'GET', url: '/api/projects', headers: c.headers });
    expect(page.json<{ data: ProjectPage }>().data.items.length).toBeLessThanOrEqual(50);
  });
});

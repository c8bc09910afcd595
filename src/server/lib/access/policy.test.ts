import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, searchResults, searches } from '../../db/schema/index.ts';
import { createUser, storedSearchValues, type TestUser } from '../../test/factories.ts';
import { fakeAnalysis } from '../../test/fake-engine.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { accessible, assertCanAccess } from './policy.ts';
import type { Principal } from './principal.ts';
import { projectResource, searchResultResource } from './resources.ts';

// The access mechanism itself, for every kind of principal it will meet: the owner (implemented),
// an API key (scope checked, then ownership), and team members and shares (no rows until the
// teams and sharing features extend the policies).

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let projectId: number;
let resultId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  other = await createUser(t);
  const [project] = await t.db.db.insert(projects).values({ userId: owner.user.id, name: 'Mine' }).returning();
  projectId = project!.id;
  const analysis = fakeAnalysis('pet care', defaultFilters(), 1);
  const [search] = await t.db.db
    .insert(searches)
    .values(
      storedSearchValues(owner.user.id, {
        query: analysis.query,
        timestamp: new Date(),
        filters: analysis.filters,
        facets: analysis.facets,
      }),
    )
    .returning();
  const [result] = await t.db.db
    .insert(searchResults)
    .values({ ...analysis.opportunities[0]!, searchId: search!.id })
    .returning();
  resultId = result!.id;
});
afterAll(() => t.close());

const visibleProjects = async (principal: Principal) =>
  (
    await t.db.db
      .select({ id: projects.id })
      .from(projects)
      .where(accessible(projectResource, principal, 'read'))
  ).map((r) => r.id);

describe('resource policies', () => {
  it('give the owner their rows, and nobody else', async () => {
    expect(await visibleProjects({ kind: 'user', userId: owner.user.id })).toEqual([projectId]);
    expect(await visibleProjects({ kind: 'user', userId: other.user.id })).toEqual([]);
  });

  it('reach child rows through their parent (a search result is its search owner’s)', async () => {
    await assertCanAccess({
      db: t.db.db,
      resource: searchResultResource,
      id: resultId,
      principal: { kind: 'user', userId: owner.user.id },
      permission: 'write',
    });
    await expect(
      assertCanAccess({
        db: t.db.db,
        resource: searchResultResource,
        id: resultId,
        principal: { kind: 'user', userId: other.user.id },
        permission: 'read',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'The result could not be found.' });
  });
});

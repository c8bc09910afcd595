import { describe, expect, it } from 'vitest';
import type { ContributionDto } from '#shared/resources/resources.schemas.ts';
import { outboxText } from '../../test/auth-helpers.ts';
import { a, admin, b, get, guidesCategory, search, t, useResourcesApp } from '../../test/resources-app.ts';

useResourcesApp();

describe('contributions', () => {
  it('goes pending → approved (creating the resource, notifying the contributor) and refuses a second review', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/contributions',
      headers: a.headers,
      payload: {
        title: 'Quokka pricing calculator',
        description: 'A calculator for quokka-style pricing experiments.',
        url: 'https://example.com/quokka',
        suggestedCategoryId: guidesCategory,
        suggestedTags: ['pricing', 'calculator'],
      },
    });
    expect(created.statusCode).toBe(201);
    const contribution = created.json<{ data: ContributionDto }>().data;
    expect(contribution.status).toBe('pending');

    // Not an admin: the route does not exist for them (404, not 403), before anything else.
    const review = {
      decision: 'approve',
      categoryId: guidesCategory,
      resourceType: 'tool',
      phaseRelevance: ['validation'],
      difficultyLevel: 'beginner',
      estimatedTimeMinutes: 15,
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${contribution.id}/review`,
      headers: a.headers,
      payload: review,
    });
    expect(refused.statusCode).toBe(404);
    const queue = (await get(admin, '/api/admin/contributions?status=pending')).json<{
      data: { items: ContributionDto[] };
    }>().data.items;
    expect(queue.map((c) => c.id)).toContain(contribution.id);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${contribution.id}/review`,
      headers: admin.headers,
      payload: { ...review, adminNotes: 'Useful, thanks!' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const done = approved.json<{ data: ContributionDto }>().data;
    expect(done).toMatchObject({ status: 'approved', adminNotes: 'Useful, thanks!' });
    expect(done.resourceId).not.toBeNull();
    const found = await search(b, 'q=quokka');
    expect(found.items.map((i) => i.id)).toEqual([done.resourceId]);
    expect(found.items[0]?.tags).toEqual(['calculator', 'pricing']);

    const mine = (await get(a, '/api/contributions')).json<{ data: { items: ContributionDto[] } }>().data.items;
    expect(mine[0]).toMatchObject({ id: contribution.id, status: 'approved', adminNotes: 'Useful, thanks!' });
    expect((await get(b, '/api/contributions')).json<{ data: { items: ContributionDto[] } }>().data.items).toEqual([]);

    expect(await outboxText(t, a.user.email)).toContain('Quokka pricing calculator');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${contribution.id}/review`,
      headers: admin.headers,
      payload: { decision: 'reject', adminNotes: 'no' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('rejects with a required note', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/contributions',
        headers: b.headers,
        payload: {
          title: 'Something off topic',
          description: 'Not really a founder resource at all.',
          url: 'https://example.com/off',
        },
      })
    ).json<{ data: ContributionDto }>().data;
    const noNote = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${created.id}/review`,
      headers: admin.headers,
      payload: { decision: 'reject' },
    });
    expect(noNote.statusCode).toBe(400);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contributions/${created.id}/review`,
      headers: admin.headers,
      payload: { decision: 'reject', adminNotes: 'Off topic for founders.' },
    });
    expect(rejected.json()).toMatchObject({
      data: { status: 'rejected', adminNotes: 'Off topic for founders.', resourceId: null },
    });
  });
});

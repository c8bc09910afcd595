import { describe, expect, it } from 'vitest';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import type { SearchResultDto } from '#shared/searches/search.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { eq } from 'drizzle-orm';
import { readTestVariable } from '../../env.ts';
import { users } from '../../db/schema/index.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';

// On the full public datasets (DATASETS_DIR, as CI sets it): a plan generated from a stored analysis
// names the analysis's real evidence — a competitor from the directory and an O*NET occupation.

const datasetsDir = readTestVariable('DATASETS_DIR');

describe('action plans on the full corpus', () => {
  it.runIf(Boolean(datasetsDir))('names a real competitor and a real occupation of the analysis', async () => {
    const t = await createTestApp({ env: { DATASETS_DIR: datasetsDir ?? '' } });
    try {
      const user = await createUser(t);
      await t.db.db
        .update(users)
        .set({ trialExpiration: new Date(Date.now() + DAY_MS) })
        .where(eq(users.id, user.user.id));
      const query = 'front desk automation for dental practices';
      const search = await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: user.headers,
        payload: { query },
      });
      const searchId = search.json<{ data: { search: { id: number } } }>().data.search.id;
      const detail = await t.app.inject({ method: 'GET', url: `/api/searches/${searchId}`, headers: user.headers });
      const result = detail.json<{ data: { results: SearchResultDto[] } }>().data.results[0];
      expect(result, 'the full corpus answers this query').toBeDefined();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/action-plans',
        headers: user.headers,
        payload: { searchResultId: result?.id },
      });
      expect(res.statusCode, res.body).toBe(201);
      const plan = res.json<{ data: ActionPlanDto }>().data;
      const titles = plan.phases.flatMap((p) => p.tasks.map((task) => task.title));
      const competitor = result?.competitors.find((c) => c.verified)?.name ?? '';
      expect(titles).toContain(`Study ${competitor}`);
      const role = result?.evidence.find((e) => /^onet:[^:]+:role$/.test(e.id));
      const occupation =
        /:\s*([^;]+)/
          .exec(role?.note ?? '')?.[1]
          ?.trim()
          .toLowerCase() ?? '';
      expect(occupation).not.toBe('');
      expect(titles.some((title) => title.includes(occupation))).toBe(true);
      expect(plan.phases.map((p) => p.name)).toEqual(['Research', 'Validation', 'Development', 'Launch']);
    } finally {
      await t.close();
    }
  });
});

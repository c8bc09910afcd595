import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import { planTasks } from '../../db/schema/index.ts';
import { analysis, dataOf, newPlan, pro, send, t, tasksOf, useActionPlansApp } from '../../test/action-plans-app.ts';

// Editing an action plan through the API: bad input is refused with the documented messages,
// dependencies refuse self and cycles, and concurrent writes never overwrite silently.

useActionPlansApp();

describe('bad input', () => {
  let plan: ActionPlanDto;
  beforeAll(async () => {
    plan = await newPlan(pro, await analysis(pro));
  });

  type Row = [string, 'POST' | 'PATCH', () => string, () => object, string, string];
  it.each<Row>([
    [
      'phase name',
      'POST',
      () => `/api/action-plans/${plan.id}/phases`,
      () => ({ name: 'x' }),
      'name',
      'Phase name must be at least 2 characters',
    ],
    [
      'task title',
      'POST',
      () => `/api/plan-phases/${plan.phases[0]?.id}/tasks`,
      () => ({ title: 'ab' }),
      'title',
      'Task title must be at least 3 characters',
    ],
    [
      'template name',
      'POST',
      () => `/api/action-plans/${plan.id}/template`,
      () => ({ name: 'ab' }),
      'name',
      'Template name must be at least 3 characters',
    ],
    [
      'plan title',
      'PATCH',
      () => `/api/action-plans/${plan.id}`,
      () => ({ title: 'abc' }),
      'title',
      'Title must be at least 5 characters',
    ],
    [
      'empty task id list',
      'POST',
      () => '/api/plan-tasks/reorder',
      () => ({ phaseId: plan.phases[0]?.id, taskIds: [] }),
      'taskIds',
      'Choose at least one task',
    ],
    [
      'negative order',
      'PATCH',
      () => `/api/plan-tasks/${tasksOf(plan)[0]?.id}`,
      () => ({ order: -1 }),
      'order',
      'Order must be at least 0',
    ],
  ])('%s: the documented message', async (_what, method, url, body, field, message) => {
    const payload: object = { version: plan.version, ...body() };
    if (url().endsWith('/template')) delete (payload as { version?: number }).version;
    const res = await send(pro, method, url(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ [field]: message });
  });

  it('refuses a self-dependency, a cycle (naming it), a task of another plan and an order out of range', async () => {
    const [a, b, c] = tasksOf(plan);
    if (!a || !b || !c) throw new Error('plan too small');
    const self = await send(pro, 'PATCH', `/api/plan-tasks/${a.id}`, {
      version: plan.version,
      prerequisiteIds: [a.id],
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().fieldErrors).toEqual({ prerequisiteIds: 'Task cannot depend on itself' });

    let current = plan;
    for (const [task, prerequisite] of [
      [b, a],
      [c, b],
    ] as const) {
      const res = await send(pro, 'PATCH', `/api/plan-tasks/${task.id}`, {
        version: current.version,
        prerequisiteIds: [prerequisite.id],
      });
      expect(res.statusCode, res.body).toBe(200);
      current = dataOf(res);
    }
    const cycle = await send(pro, 'PATCH', `/api/plan-tasks/${a.id}`, {
      version: current.version,
      prerequisiteIds: [c.id],
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe(
      `These dependencies would form a cycle: “${a.title}” → “${c.title}” → “${b.title}” → “${a.title}”`,
    );

    const elsewhere = tasksOf(await newPlan(pro, await analysis(pro)))[0];
    const foreign = await send(pro, 'PATCH', `/api/plan-tasks/${a.id}`, {
      version: current.version,
      prerequisiteIds: [elsewhere?.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({ prerequisiteIds: 'A prerequisite must be a task of the same plan' });

    const far = await send(pro, 'PATCH', `/api/plan-tasks/${a.id}`, { version: current.version, order: 250 });
    expect(far.statusCode).toBe(400);
    expect(far.json().fieldErrors.order).toMatch(/^Order must be between 0 and \d+$/);
  });

  it('refuses 10,000 tasks in one request with a 4xx, and changes nothing', async () => {
    plan = dataOf(await send(pro, 'GET', `/api/action-plans/${plan.id}`));
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    for (const [url, body] of [
      ['/api/plan-tasks/reorder', { phaseId: plan.phases[0]?.id, taskIds: ids }],
      [`/api/plan-tasks/${tasksOf(plan)[0]?.id}`, { prerequisiteIds: ids }],
    ] as const) {
      const res = await send(pro, url.endsWith('reorder') ? 'POST' : 'PATCH', url, { version: plan.version, ...body });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const after = dataOf(await send(pro, 'GET', `/api/action-plans/${plan.id}`));
    expect(after.version).toBe(plan.version);
  });
});

describe('concurrency', () => {
  it('lets exactly one of two edits from the same version through; the other gets 409', async () => {
    const plan = await newPlan(pro, await analysis(pro));
    const task = tasksOf(plan)[0];
    const [one, two] = await Promise.all([
      send(pro, 'PATCH', `/api/plan-tasks/${task?.id}`, { version: plan.version, title: 'Tab one title' }),
      send(pro, 'PATCH', `/api/plan-tasks/${task?.id}`, { version: plan.version, title: 'Tab two title' }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json()).toMatchObject({ code: 'CONFLICT' });
    const winner = one.statusCode === 200 ? 'Tab one title' : 'Tab two title';
    const stored = dataOf(await send(pro, 'GET', `/api/action-plans/${plan.id}`));
    expect(tasksOf(stored).find((x) => x.id === task?.id)?.title).toBe(winner);
    expect(stored.version).toBe(plan.version + 1);
  });

  it('keeps orders unique and complete under many concurrent reorders and moves (each retried on 409)', async () => {
    const plan = await newPlan(pro, await analysis(pro));
    const phase = plan.phases[0];
    if (!phase) throw new Error('no phase');
    const shuffle = (ids: number[], seed: number) =>
      [...ids].sort((a, b) => ((a * 7919 + seed) % 13) - ((b * 7919 + seed) % 13));
    let conflicts = 0;
    async function reorder(seed: number) {
      for (;;) {
        const current = dataOf(await send(pro, 'GET', `/api/action-plans/${plan.id}`));
        const ids = current.phases.find((p) => p.id === phase?.id)?.tasks.map((x) => x.id) ?? [];
        const res = await send(pro, 'POST', '/api/plan-tasks/reorder', {
          phaseId: phase?.id,
          version: current.version,
          taskIds: shuffle(ids, seed),
        });
        if (res.statusCode === 200) return;
        expect(res.statusCode, res.body).toBe(409);
        conflicts++;
      }
    }
    async function move(seed: number) {
      for (;;) {
        const current = dataOf(await send(pro, 'GET', `/api/action-plans/${plan.id}`));
        const task = tasksOf(current)[seed % tasksOf(current).length];
        const target = current.phases[seed % current.phases.length];
        const res = await send(pro, 'PATCH', `/api/plan-tasks/${task?.id}`, {
          version: current.version,
          phaseId: target?.id,
          order: 0,
        });
        if (res.statusCode === 200) return;
        expect(res.statusCode, res.body).toBe(409);
        conflicts++;
      }
    }
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => reorder(i)),
      ...Array.from({ length: 4 }, (_, i) => move(i + 1)),
    ]);
    expect(conflicts).toBeGreaterThan(0);
    const rows = await t.db.db.select().from(planTasks).where(eq(planTasks.planId, plan.id));
    expect(rows).toHaveLength(tasksOf(plan).length);
    for (const p of plan.phases) {
      const orders = rows
        .filter((r) => r.phaseId === p.id)
        .map((r) => r.order)
        .sort((a, b) => a - b);
      expect(orders).toEqual(orders.map((_, i) => i));
    }
  });
});

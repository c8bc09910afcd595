import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { actionPlanProgress, progressSnapshots, taskHistory } from '../../db/schema/index.ts';
import {
  analysis,
  dataOf,
  newPlan,
  now,
  pro,
  send,
  t,
  tasksOf,
  useActionPlansApp,
} from '../../test/action-plans-app.ts';
import { dailyProgressSnapshotsJob } from './action-plans.jobs.ts';

// Working an action plan through the API: status changes follow the documented transitions, and
// progress is recorded and snapshotted daily.

useActionPlansApp();

describe('working the plan', () => {
  it('follows the task transitions, blocks completion on an open prerequisite unless overridden, and records it', async () => {
    let plan = await newPlan(pro, await analysis(pro));
    const [first, second] = tasksOf(plan);
    if (!first || !second) throw new Error('plan too small');
    const patch = async (id: number, body: object) => {
      const res = await send(pro, 'PATCH', `/api/plan-tasks/${id}`, { version: plan.version, ...body });
      if (res.statusCode === 200) plan = dataOf(res);
      return res;
    };
    expect((await patch(second.id, { prerequisiteIds: [first.id] })).statusCode).toBe(200);
    const blocked = tasksOf(plan).find((x) => x.id === second.id);
    expect(blocked?.openPrerequisiteIds).toEqual([first.id]);
    expect(plan.whatsNext).not.toContain(second.id);

    const refused = await patch(second.id, { status: 'completed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(first.title);

    expect((await patch(second.id, { status: 'completed', override: true })).statusCode).toBe(200);
    const [override] = await t.db.db
      .select()
      .from(taskHistory)
      .where(eq(taskHistory.taskId, second.id))
      .orderBy(asc(taskHistory.id))
      .then((rows) => rows.filter((r) => r.action === 'completed_with_override'));
    expect(override?.newState).toEqual({ status: 'completed', openPrerequisiteIds: [first.id] });

    const backwards = await patch(second.id, { status: 'not_started' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.status).toBe('A task cannot go from Completed to Not started.');

    expect((await patch(first.id, { status: 'in_progress' })).statusCode).toBe(200);
    t.clock.set(new Date(now.getTime() + 12 * 60_000)); // within the access token's life
    expect((await patch(first.id, { status: 'completed' })).statusCode).toBe(200);
    const research = plan.phases[0];
    const countable = research ? research.tasks.length : 0;
    expect(research?.completionPercentage).toBe(Math.round((2 / countable) * 1000) / 10);
    expect(plan.progress.completedTasks).toBe(2);

    const [snapshot] = await t.db.db.select().from(progressSnapshots).where(eq(progressSnapshots.planId, plan.id));
    expect(snapshot).toMatchObject({ day: '2026-07-01', completedTasks: 2, velocity: 2, averageTaskTime: 0.1 }); // 0.2 h and 0 h
    const [summary] = await t.db.db.select().from(actionPlanProgress).where(eq(actionPlanProgress.planId, plan.id));
    expect(summary?.completedSteps.sort()).toEqual([first.id, second.id].sort());
    expect(summary?.overallCompletion).toBe(plan.progress.completionPercentage);

    // The daily job writes a point for a day nobody touched the plan.
    t.clock.set(new Date(now.getTime() + DAY_MS));
    const { db, env, mailer } = t.app.deps;
    await dailyProgressSnapshotsJob.handle(
      {},
      { jobId: 'x', attempt: 1, deps: { db, clock: t.clock, env, mailer, log: t.app.log, secret: 's' } },
    );
    t.clock.set(now);
    const chart = (await send(pro, 'GET', `/api/action-plans/${plan.id}/progress`)).json<{
      data: { snapshots: { day: string }[] };
    }>().data;
    expect(chart.snapshots.map((s) => s.day)).toEqual(['2026-07-01', '2026-07-02']);
  });

  it('adds, renames, moves and deletes phases and tasks, keeping orders dense', async () => {
    let plan = await newPlan(pro, await analysis(pro));
    const call = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body: object, status = 200) => {
      const res = await send(pro, method, url, { version: plan.version, ...body });
      expect(res.statusCode, res.body).toBe(status);
      plan = dataOf(res);
    };
    await call('POST', `/api/action-plans/${plan.id}/phases`, { name: 'Fundraising' }, 201);
    const added = plan.phases[4];
    await call('PATCH', `/api/plan-phases/${added?.id}`, { name: 'Raise money', order: 0 });
    expect(plan.phases.map((p) => p.name)).toEqual(['Raise money', 'Research', 'Validation', 'Development', 'Launch']);
    await call(
      'POST',
      `/api/plan-phases/${added?.id}/tasks`,
      { title: 'List ten angels', estimatedTime: '2 days' },
      201,
    );
    const mine = plan.phases[0]?.tasks[0];
    expect(mine).toMatchObject({ title: 'List ten angels', isCustom: true, order: 0 });
    const research = plan.phases[1];
    await call('PATCH', `/api/plan-tasks/${mine?.id}`, {
      phaseId: research?.id,
      order: 0,
      notes: 'Ask Ada',
      resources: ['https://example.test/angels'],
    });
    expect(plan.phases[1]?.tasks.map((x) => x.order)).toEqual(plan.phases[1]?.tasks.map((_, i) => i));
    expect(plan.phases[1]?.tasks[0]).toMatchObject({
      id: mine?.id,
      notes: 'Ask Ada',
      resources: ['https://example.test/angels'],
    });
    await call('DELETE', `/api/plan-phases/${added?.id}`, {});
    expect(plan.phases.map((p) => p.order)).toEqual([0, 1, 2, 3]);
    const second = plan.phases[0]?.tasks[1];
    await call('DELETE', `/api/plan-tasks/${second?.id}`, {});
    expect(plan.phases[0]?.tasks.map((x) => x.order)).toEqual(plan.phases[0]?.tasks.map((_, i) => i));
    const history = await t.db.db
      .select()
      .from(taskHistory)
      .where(eq(taskHistory.taskId, second?.id ?? 0));
    expect(history.map((h) => h.action)).toContain('deleted');
    await call('PATCH', `/api/action-plans/${plan.id}`, { status: 'completed' });
    expect(plan.completedAt).not.toBeNull();
    await call('PATCH', `/api/action-plans/${plan.id}`, { status: 'archived' });
    const locked = await send(pro, 'POST', `/api/action-plans/${plan.id}/phases`, {
      version: plan.version,
      name: 'More',
    });
    expect(locked.statusCode).toBe(409);
  });
});

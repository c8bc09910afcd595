import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_PHASE_NAMES } from '#shared/action-plans/action-plans.constants.ts';
import type { ActionPlanDto, PlanList, PlanTemplateDto } from '#shared/action-plans/action-plans.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { actionPlanProgress, planTasks, progressSnapshots, taskHistory, users } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { dailyProgressSnapshotsJob } from './action-plans.jobs.ts';

// Action plans through the API on the real engine (seed corpus): generation names the analysis's own
// evidence; the plan is Pro; every id is owner-only; dependencies refuse self and cycles; status
// changes follow the documented transitions; concurrent writes never overwrite silently.

let t: TestApp;
let pro: TestUser;
let free: TestUser;
let resultId: number;
const now = new Date('2026-07-01T09:00:00Z');

async function onTrial(user: TestUser): Promise<void> {
  await t.db.db
    .update(users)
    .set({ trialExpiration: new Date(now.getTime() + 7 * DAY_MS) })
    .where(eq(users.id, user.user.id));
}

async function analysis(user: TestUser, query = 'bookkeeping for restaurants'): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/search', headers: user.headers, payload: { query } });
  expect(res.statusCode, res.body).toBe(200);
  const searchId = res.json<{ data: { search: { id: number } } }>().data.search.id;
  const detail = await t.app.inject({ method: 'GET', url: `/api/searches/${searchId}`, headers: user.headers });
  const id = detail.json<{ data: { results: { id: number }[] } }>().data.results[0]?.id;
  if (!id) throw new Error('no opportunity');
  return id;
}

function send(user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

async function newPlan(user: TestUser, searchResultId: number): Promise<ActionPlanDto> {
  const res = await send(user, 'POST', '/api/action-plans', { searchResultId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ActionPlanDto }>().data;
}

const tasksOf = (plan: ActionPlanDto) => plan.phases.flatMap((p) => p.tasks);
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: ActionPlanDto }>().data;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(now);
  pro = await createUser(t);
  free = await createUser(t);
  await onTrial(pro);
  resultId = await analysis(pro);
});
afterAll(() => t.close());

describe('generating a plan from a stored analysis', () => {
  it('makes four phases whose tasks name the opportunity’s competitors, occupation, industry and job', async () => {
    const plan = await newPlan(pro, resultId);
    expect(plan.phases.map((p) => p.name)).toEqual(PLAN_PHASE_NAMES);
    const titles = tasksOf(plan).map((task) => task.title);
    // The seed corpus's evidence for this query: Fondo (a YC company), O*NET 43-3031.00, NAICS 722513.
    expect(titles).toContain('Study Fondo');
    expect(titles).toContain('Interview bookkeeping, accounting, and auditing clerks who work for restaurants');
    expect(titles).toContain('Test the hypothesis: Fondo does not serve restaurants well');
    expect(titles.some((x) => x.startsWith('Build for one job first: "'))).toBe(true);
    expect(titles).toContain('Test outbound to restaurants (NAICS 722513 Limited-Service Restaurants)');
    const interview = tasksOf(plan).find((x) => x.title.startsWith('Interview'));
    expect(interview?.evidenceIds).toContain('onet:43-3031.00:role');
    expect(interview?.description).toContain('thousand employed in the U.S. in 2023');
    expect(plan.origin).toMatchObject({
      kind: 'analysis',
      query: 'bookkeeping for restaurants',
      templateName: 'Default',
    });
    expect(plan.progress).toMatchObject({ completionPercentage: 0, completedTasks: 0 });
    expect(plan.whatsNext).toHaveLength(tasksOf(plan).length);

    // A second "Create" for the same opportunity returns the same plan (a double click makes one).
    const again = await send(pro, 'POST', '/api/action-plans', { searchResultId: resultId });
    expect(again.statusCode).toBe(200);
    expect(dataOf(again).id).toBe(plan.id);
    const history = await t.db.db.select().from(taskHistory).where(eq(taskHistory.planId, plan.id));
    expect(history.filter((h) => h.action === 'created')).toHaveLength(tasksOf(plan).length);
  });

  it('offers the seeded templates and builds from the one chosen', async () => {
    const templates = (await send(pro, 'GET', '/api/action-plans/templates')).json<{ data: PlanTemplateDto[] }>().data;
    expect(templates.map((x) => x.name)).toEqual(
      expect.arrayContaining(['Default', 'B2B SaaS', 'Marketplace', 'Consumer app', 'Hardware', 'Services']),
    );
    expect(templates.every((x) => x.icon && x.category && x.phases.length === 4)).toBe(true);
    const hardware = templates.find((x) => x.name === 'Hardware');
    const other = await analysis(pro);
    const res = await send(pro, 'POST', '/api/action-plans', { searchResultId: other, templateId: hardware?.id });
    expect(res.statusCode, res.body).toBe(201);
    const titles = tasksOf(dataOf(res)).map((x) => x.title);
    expect(titles).toContain('Build a works-like prototype, then a looks-like one');
  });

  it('saves a plan as the user’s own template (names unique per user)', async () => {
    const plan = await newPlan(pro, await analysis(pro));
    const saved = await send(pro, 'POST', `/api/action-plans/${plan.id}/template`, { name: 'My dental plan' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ data: { name: 'My dental plan', isOwn: true, category: 'custom' } });
    const dup = await send(pro, 'POST', `/api/action-plans/${plan.id}/template`, { name: 'My dental plan' });
    expect(dup.statusCode).toBe(409);
    const othersView = (await send(free, 'GET', '/api/action-plans/templates')).json<{ data: PlanTemplateDto[] }>()
      .data;
    expect(othersView.map((x) => x.name)).not.toContain('My dental plan');
  });
});

describe('the plan is a Pro feature', () => {
  it('refuses generation to a free user with the upgrade message, and shows the example read-only', async () => {
    const own = await analysis(free, 'bookkeeping for restaurants');
    const res = await send(free, 'POST', '/api/action-plans', { searchResultId: own });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'PLAN_REQUIRED',
      message: expect.stringContaining('This is a Pro feature'),
    });
    const list = (await send(free, 'GET', '/api/action-plans')).json<{ data: PlanList }>().data;
    expect(list).toEqual({ items: [], canGenerate: false });
    const example = await send(free, 'GET', '/api/action-plans/example');
    expect(example.statusCode, example.body).toBe(200);
    const plan = dataOf(example);
    expect(plan).toMatchObject({ id: 0, isExample: true });
    expect(plan.phases).toHaveLength(4);
    expect(tasksOf(plan).map((x) => x.title)).toContain('Study Fondo');
    expect(await t.db.db.select().from(planTasks).where(eq(planTasks.planId, 0))).toEqual([]);
  });

  it('keeps a lapsed trial user’s plan readable but not editable', async () => {
    const lapsed = await createUser(t);
    await onTrial(lapsed);
    const plan = await newPlan(lapsed, await analysis(lapsed));
    await t.db.db
      .update(users)
      .set({ trialExpiration: new Date(now.getTime() - DAY_MS) })
      .where(eq(users.id, lapsed.user.id));
    expect((await send(lapsed, 'GET', `/api/action-plans/${plan.id}`)).statusCode).toBe(200);
    const edit = await send(lapsed, 'PATCH', `/api/plan-tasks/${tasksOf(plan)[0]?.id}`, {
      version: plan.version,
      status: 'in_progress',
    });
    expect(edit.statusCode).toBe(403);
  });
});

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

describe('access', () => {
  it('answers 404 for another user’s plan, phase, task and opportunity, and for reorders naming them', async () => {
    const plan = await newPlan(pro, await analysis(pro));
    const intruder = await createUser(t);
    await onTrial(intruder);
    const phase = plan.phases[0];
    const task = tasksOf(plan)[0];
    const attempts = [
      ['GET', `/api/action-plans/${plan.id}`, undefined],
      ['GET', `/api/action-plans/${plan.id}/export?format=csv`, undefined],
      ['PATCH', `/api/action-plans/${plan.id}`, { version: plan.version, title: 'Mine now!' }],
      ['PATCH', `/api/plan-tasks/${task?.id}`, { version: plan.version, status: 'completed' }],
      ['DELETE', `/api/plan-phases/${phase?.id}`, { version: plan.version }],
      [
        'POST',
        '/api/plan-tasks/reorder',
        { phaseId: phase?.id, version: plan.version, taskIds: phase?.tasks.map((x) => x.id) },
      ],
      [
        'POST',
        '/api/plan-phases/reorder',
        { planId: plan.id, version: plan.version, phaseIds: plan.phases.map((x) => x.id) },
      ],
      ['POST', '/api/action-plans', { searchResultId: plan.searchResultId }],
      ['GET', `/api/action-plans/example?searchResultId=${plan.searchResultId}`, undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      const res = await send(intruder, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(dataOf(await send(pro, 'GET', `/api/action-plans/${plan.id}`)).version).toBe(plan.version);
  });
});

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

describe('export', () => {
  it('writes Markdown and a CSV whose formula-like cells are neutralised', async () => {
    let plan = await newPlan(pro, await analysis(pro));
    const task = tasksOf(plan)[0];
    const res = await send(pro, 'PATCH', `/api/plan-tasks/${task?.id}`, {
      version: plan.version,
      title: '=HYPERLINK("http://evil.test","x")',
      notes: '+1 call "Ada"',
      description: '@SUM(A1)',
    });
    plan = dataOf(res);
    const csv = await send(pro, 'GET', `/api/action-plans/${plan.id}/export?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="action-plan-${plan.id}.csv"`);
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csv.body).toContain(`"'+1 call ""Ada"""`);
    expect(csv.body).toContain(`,'@SUM(A1),`);
    for (const line of csv.body.trim().split('\r\n').slice(1)) expect(line).not.toMatch(/(^|,)"?[=+\-@\t\r]/);
    const md = await send(pro, 'GET', `/api/action-plans/${plan.id}/export`);
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.headers['cache-control']).toBe('no-store');
    expect(md.body).toMatch(/^# Action plan: /);
    for (const name of ['## Research', '## Validation', '## Development', '## Launch']) expect(md.body).toContain(name);
  });

  it('names cited evidence by its title, not its id, in the plan and both exports (issue 29)', async () => {
    const plan = await newPlan(pro, await analysis(pro));
    const interview = tasksOf(plan).find((x) => x.title.startsWith('Interview'));
    expect(interview?.evidenceIds).toContain('onet:43-3031.00:role');
    const titled = plan.evidence.find((e) => e.id === 'onet:43-3031.00:role');
    expect(titled?.title).toMatch(/Bookkeeping, Accounting, and Auditing Clerks/i);
    expect(titled?.title).not.toContain('onet:');
    // Every cited id has a title.
    const cited = new Set(tasksOf(plan).flatMap((x) => x.evidenceIds));
    expect(new Set(plan.evidence.map((e) => e.id))).toEqual(cited);

    const md = (await send(pro, 'GET', `/api/action-plans/${plan.id}/export`)).body;
    const csv = (await send(pro, 'GET', `/api/action-plans/${plan.id}/export?format=csv`)).body;
    for (const text of [md, csv]) {
      expect(text).toContain(titled?.title);
      expect(text).not.toMatch(/\b(onet|company|naics|bls):[\w.-]+/);
    }
  });
});

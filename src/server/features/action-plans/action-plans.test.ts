import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_PHASE_NAMES } from '#shared/action-plans/action-plans.constants.ts';
import type { PlanList, PlanTemplateDto } from '#shared/action-plans/action-plans.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { planTasks, taskHistory, users } from '../../db/schema/index.ts';
import {
  analysis,
  dataOf,
  free,
  newPlan,
  now,
  onTrial,
  pro,
  resultId,
  send,
  t,
  tasksOf,
  useActionPlansApp,
} from '../../test/action-plans-app.ts';
import { createUser } from '../../test/factories.ts';

// Action plans through the API on the real engine (seed corpus): generation names the analysis's own
// evidence; the plan is Pro; every id is owner-only. Editing is in plan-edits.test.ts, the work on a
// plan in plan-progress.test.ts.

useActionPlansApp();

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

import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import type { ExportUsage } from '#shared/exports/exports.schemas.ts';
import type { IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { FREE_MONTHLY_EXPORTS } from '#shared/plans/plans.constants.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { pdfPages } from '../../test/pdf-text.ts';
import { analysisOf, PRO } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { evidenceTitle } from '#shared/searches/evidence-title.ts';

// PDF reports of a validated idea and of an action plan (issue 17): their real content read back with
// pdf.js, user text printed as text, counted in the export allowance, and a 404 for anyone else's id.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-07-10T12:00:00Z'));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (user: TestUser, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
// Markup in the title, and a script in the description: both must print as the characters typed.
const SCRIPT_TITLE = '<b>Bookkeeping</b> for restaurants';

async function validatedIdea(user: TestUser): Promise<IdeaDto> {
  const created = await call(user, 'POST', '/api/ideas', {
    title: SCRIPT_TITLE,
    description: 'Monthly bookkeeping and payroll for independent restaurants, <script>alert(1)</script> no receipts.',
    targetMarket: 'Independent restaurants',
    businessModel: 'Monthly subscription per restaurant',
    category: 'fintech',
    initialInvestment: 50_000,
    monthlyRevenue: 8_000,
    monthlyExpenses: 5_000,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ data: IdeaDto }>().data.id;
  const validated = await call(user, 'POST', `/api/ideas/${id}/validate`);
  expect(validated.statusCode, validated.body).toBe(200);
  return validated.json<{ data: IdeaDto }>().data;
}

/** Each page's text with runs of white space (line wraps) as one space. */
async function textOf(pdf: Buffer): Promise<string[]> {
  return (await pdfPages(pdf)).map((page) => page.replace(/\s+/g, ' '));
}

const usageOf = async (user: TestUser) =>
  (await call(user, 'GET', '/api/exports/usage')).json<{ data: ExportUsage }>().data;

describe('idea PDF', () => {
  it('prints the idea, its five scores with factors and evidence, the financials, market size, hypotheses and sources', async () => {
    const user = await createUser(t);
    const idea = await validatedIdea(user);
    const res = await call(user, 'GET', `/api/exports/ideas/${idea.id}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="unbuilt-idea-b-bookkeeping-b-for-restaurants-${idea.id}.pdf"`,
    );
    const pages = await textOf(res.rawPayload);
    const all = pages.join(' ');
    expect(pages[0]).toContain('Idea validation report');
    expect(pages[0]).toContain(SCRIPT_TITLE);
    expect(all).toContain('restaurants, <script>alert(1)</script> no receipts.');
    const v = idea.validation;
    expect(v?.scores).toHaveLength(5);
    for (const score of v?.scores ?? []) {
      expect(all).toContain(`${score.label}: ${score.score === null ? 'not enough data' : `${score.score}/100`}`);
      for (const f of score.factors) expect(all).toContain(f.label);
    }
    expect(v?.evidence.length).toBeGreaterThan(0);
    expect(v?.scores.filter((score) => score.score !== null).length).toBeGreaterThan(0);
    // Evidence reads by its title; its id is no link target in a PDF, so it is not printed (issue 29).
    for (const e of v?.evidence.slice(0, 3) ?? []) expect(all).toContain(`${evidenceTitle(e)} — `);
    expect(all).not.toMatch(/\b(company|onet|bls|naics):[\w.-]+/);
    const projections = idea.financialProjections;
    expect(projections).not.toBeNull();
    expect(all).toContain('Initial investment $50,000 · monthly revenue $8,000 · monthly expenses $5,000');
    for (const s of projections?.scenarios ?? []) expect(all).toContain(`${s.label} scenario: ${s.breakEven.label}`);
    expect(all).toContain('What moves the break-even most');
    expect(all).toContain('Market size');
    expect(all).toMatch(/TAM (\$[\d,]+|not given) · SAM/);
    expect(idea.hypotheses.length).toBeGreaterThan(0);
    expect(all).toContain('Hypotheses to test');
    expect(all).toContain(idea.hypotheses[0]?.statement ?? '');
    const last = pages.at(-1) ?? '';
    expect(last).toContain('Sources and attribution');
    expect(last).toContain('Scores are computed by Unbuilt');
    expect(last).not.toContain('No external source is cited');
    expect(await usageOf(user)).toEqual({ used: 1, limit: FREE_MONTHLY_EXPORTS });
  });

  it('reports an idea that is not validated yet without scores', async () => {
    const user = await createUser(t);
    const created = await call(user, 'POST', '/api/ideas', {
      title: 'Bookkeeping for dog groomers',
      description: 'Simple monthly bookkeeping for independent dog groomers.',
      targetMarket: 'Dog groomers',
      businessModel: 'Subscription',
      category: 'fintech',
    });
    const id = created.json<{ data: IdeaDto }>().data.id;
    const res = await call(user, 'GET', `/api/exports/ideas/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    const all = (await textOf(res.rawPayload)).join(' ');
    expect(all).toContain('Not validated yet: there are no scores to report.');
    expect(all).toContain('No projections yet');
    expect(all).not.toContain('Scores (0-100');
  });

  it("answers another user's idea with 404 and charges nothing", async () => {
    const owner = await createUser(t);
    const idea = await validatedIdea(owner);
    for (const intruder of [await createUser(t), await createUser(t, PRO)]) {
      const res = await call(intruder, 'GET', `/api/exports/ideas/${idea.id}/pdf`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect((await usageOf(intruder)).used).toBe(0);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/exports/ideas/${idea.id}/pdf` })).statusCode).toBe(401);
  });

  it('counts in the free allowance with the other exports', async () => {
    const user = await createUser(t);
    const idea = await validatedIdea(user);
    const searchId = await analysisOf(t, user, 'dental clinics');
    expect((await call(user, 'GET', `/api/exports/searches/${searchId}/pdf`)).statusCode).toBe(200);
    for (let i = 1; i < FREE_MONTHLY_EXPORTS; i++) {
      expect((await call(user, 'GET', `/api/exports/ideas/${idea.id}/pdf`)).statusCode).toBe(200);
    }
    const over = await call(user, 'GET', `/api/exports/ideas/${idea.id}/pdf`);
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });
});

describe('action plan PDF', () => {
  async function planOf(user: TestUser): Promise<ActionPlanDto> {
    const searchId = await analysisOf(t, user, 'bookkeeping for restaurants');
    const detail = await call(user, 'GET', `/api/searches/${searchId}`);
    const resultId = detail.json<{ data: { results: { id: number }[] } }>().data.results[0]?.id;
    const created = await call(user, 'POST', '/api/action-plans', { searchResultId: resultId });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ data: ActionPlanDto }>().data;
  }

  it('prints every phase and task in order with status, dates and dependencies; user text stays text; sources kept', async () => {
    const user = await createUser(t, PRO);
    let plan = await planOf(user);
    const first = plan.phases[0]?.tasks[0];
    expect(first).toBeDefined();
    const edited = await call(user, 'PATCH', `/api/plan-tasks/${first?.id}`, {
      version: plan.version,
      title: '<script>alert(2)</script> Call five clinics',
      status: 'completed',
      notes: 'Two said yes & one said <maybe>.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    plan = edited.json<{ data: ActionPlanDto }>().data;
    const second = plan.phases[0]?.tasks[1];
    const linked = await call(user, 'PATCH', `/api/plan-tasks/${second?.id}`, {
      version: plan.version,
      prerequisiteIds: [first?.id],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    plan = linked.json<{ data: ActionPlanDto }>().data;

    const res = await call(user, 'GET', `/api/exports/plans/${plan.id}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="unbuilt-action-plan-.*-\d+\.pdf"$/);
    const pages = await textOf(res.rawPayload);
    const all = pages.join(' ');
    expect(pages[0]).toContain('Action plan');
    expect(pages[0]).toContain(plan.title);
    expect(pages[0]).toContain(
      `${plan.progress.completionPercentage}% complete: ${plan.progress.completedTasks} of ${plan.progress.totalTasks} tasks completed`,
    );
    expect(all).toContain('[x] <script>alert(2)</script> Call five clinics');
    expect(all).toContain('Completed · ');
    expect(all).toContain('completed 2026-07-10');
    expect(all).toContain('Notes: Two said yes & one said <maybe>.');
    let at = -1;
    for (const phase of plan.phases) {
      const heading = `${phase.order + 1}. ${phase.name}`;
      expect(all.indexOf(heading)).toBeGreaterThan(at);
      at = all.indexOf(heading);
      for (const task of phase.tasks.slice(1)) expect(all).toContain(task.title);
    }
    const dependent = plan.phases.flatMap((p) => p.tasks).find((task) => task.prerequisiteIds.length > 0);
    expect(dependent?.id).toBe(second?.id);
    expect(all).toContain('depends on ');
    const cited = plan.evidence[0];
    expect(cited).toBeDefined();
    expect(all).toContain(`Evidence: ${cited?.title ?? ''}`);
    expect(all).not.toMatch(/\b(company|onet|bls|naics):[\w.-]+/);
    const last = pages.at(-1) ?? '';
    expect(last).toContain('Sources and attribution');
    expect(last).not.toContain('No external source is cited');
  });

  it("answers another user's plan with 404 and charges nothing", async () => {
    const owner = await createUser(t, PRO);
    const plan = await planOf(owner);
    for (const intruder of [await createUser(t), await createUser(t, PRO)]) {
      expect((await call(intruder, 'GET', `/api/exports/plans/${plan.id}/pdf`)).statusCode).toBe(404);
      expect((await usageOf(intruder)).used).toBe(0);
    }
  });

  it('carries the branding of a Pro account, with no "Unbuilt" even where the sample corpus is cited', async () => {
    const user = await createUser(t, PRO);
    const saved = await call(user, 'PUT', '/api/exports/branding', {
      companyName: 'Globex Advisory',
      accentColor: '#7c2d12',
    });
    expect(saved.statusCode).toBe(200);
    const plan = await planOf(user);
    const idea = await validatedIdea(user);
    for (const url of [`/api/exports/plans/${plan.id}/pdf`, `/api/exports/ideas/${idea.id}/pdf`]) {
      const res = await call(user, 'GET', url);
      expect(res.headers['content-disposition']).toMatch(/filename="globex-advisory-/);
      const pages = await textOf(res.rawPayload);
      expect(pages[0]).toContain('Globex Advisory');
      expect(pages.join(' ')).not.toMatch(/unbuilt/i);
      expect(pages.at(-1)).toContain('Sources and attribution');
      expect(pages.at(-1), url).toContain('Sample corpus');
    }
    const deck = await call(user, 'GET', `/api/exports/searches/${plan.searchId}/pptx`);
    expect(deck.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(deck.rawPayload);
    const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
    const xml = (await Promise.all(slides.map((f) => zip.file(f)?.async('string') ?? Promise.resolve('')))).join('');
    expect(xml).toContain('Sample corpus');
    expect(xml).not.toMatch(/unbuilt/i);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { pdfPages } from '../src/server/test/pdf-text.ts';
import { download } from './support/download.ts';
import { test } from './support/fixtures.ts';
import { type SignedInUser } from './support/session.ts';

// "Download PDF" on a validated idea's page and on an action plan's page (issue 17): real files whose
// text is the idea's and the plan's own.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function api<T>(page: Page, user: SignedInUser, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${user.accessToken}` },
    ...(data ? { data } : {}),
  });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

async function downloadPdf(page: Page): Promise<{ name: string; text: string }> {
  const file = await download(page, 'Download PDF');
  return { name: file.name, text: (await pdfPages(file.bytes)).join(' ').replace(/\s+/g, ' ') };
}

describe('idea and action plan PDFs', () => {
  test('downloads the PDF of a validated idea and of an action plan from their pages', async ({ signedInPage }) => {
    const { page, user, pageErrors } = await signedInPage({ plan: 'pro' });
    const idea = await api<{ id: number }>(page, user, 'POST', '/api/ideas', {
      title: 'Bookkeeping for restaurants',
      description: 'Monthly bookkeeping and payroll for independent restaurants.',
      targetMarket: 'Independent restaurants',
      businessModel: 'Monthly subscription',
      category: 'fintech',
      initialInvestment: 40_000,
      monthlyRevenue: 9_000,
      monthlyExpenses: 6_000,
    });
    await api(page, user, 'POST', `/api/ideas/${idea.id}/validate`);
    await page.goto(`/validate-idea?idea=${idea.id}`);
    await page.getByRole('heading', { level: 1, name: 'Bookkeeping for restaurants' }).waitFor();
    const ideaPdf = await downloadPdf(page);
    expect(ideaPdf.name).toBe(`unbuilt-idea-bookkeeping-for-restaurants-${idea.id}.pdf`);
    expect(ideaPdf.text).toContain('Idea validation report');
    expect(ideaPdf.text).toContain('Originality:');
    expect(ideaPdf.text).toContain('Base scenario:');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'idea-pdf-button-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    const plan = await api<{ id: number; title: string }>(page, user, 'POST', '/api/action-plans', {
      ideaId: idea.id,
    });
    await page.goto(`/action-plan?plan=${plan.id}`);
    await page.getByRole('button', { name: 'Export Markdown' }).waitFor();
    const planPdf = await downloadPdf(page);
    expect(planPdf.name).toMatch(new RegExp(`^unbuilt-action-plan-.*-${plan.id}\\.pdf$`));
    expect(planPdf.text).toContain('Action plan');
    expect(planPdf.text).toContain(plan.title.replace(/\s+/g, ' '));
    expect(planPdf.text).toContain('1. Research');
    await page.screenshot({ path: path.join(SHOTS, 'plan-pdf-button-1280.png') });
    expect(pageErrors).toEqual([]);
  });
});

import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '#shared/chat/chat.schemas.ts';
import type { AnalysisBundle } from '#shared/exports/bundle.schemas.ts';
import type { MarketReportDto } from '#shared/market-research/market-research.schemas.ts';
import type { SearchDetail } from '#shared/searches/search.schemas.ts';
import type { SharedAnalysis } from '#shared/sharing/sharing.schemas.ts';
import type { SharedAnalysisView } from '#shared/teams/collaboration.schemas.ts';
import type { SearchEngine } from './search-engine.provider.ts';
import { fakeAnalysis } from '../../test/fake-engine.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { pdfPages } from '../../test/pdf-text.ts';
import { analysisOf } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 29: the analysis page showed #1 by opportunity score while the PDF, the CSV, the share views
// and market research listed the engine's relevance order, so "#1" named a different opportunity in
// each. One analysis, every surface: the same order.

/** Three opportunities whose engine rank runs opposite to their opportunity score (rank 1 scores lowest: 31.7, 41.7, 51.7). */
const reversedEngine: SearchEngine = {
  analyze: ({ query, filters }) => {
    const analysis = fakeAnalysis(query, filters, 3);
    for (const o of analysis.opportunities) {
      o.title = ['Alpha lowest score', 'Bravo middle score', 'Charlie highest score'][o.rank - 1]!;
      // Fractions, as the engine computes them: every surface shows them rounded the same way (42, not 41.7).
      o.opportunityScore = 21.7 + o.rank * 10;
    }
    return Promise.resolve(analysis);
  },
};
const EXPECTED = ['Charlie highest score', 'Bravo middle score', 'Alpha lowest score'];
const QUERY = 'phone answering for dental practices';

let t: TestApp;
let owner: TestUser;
let searchId: number;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: reversedEngine } });
  owner = await createUser(t, { subscriptionTier: 'enterprise', subscriptionStatus: 'active' });
  searchId = await analysisOf(t, owner, QUERY);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = owner.headers) =>
  t.app.inject({ method: 'GET', url, headers });
const titlesIn = (text: string) =>
  EXPECTED.map((title) => ({ title, at: text.indexOf(title) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.title);

describe('one order for an analysis’s opportunities (issue 29)', () => {
  it('the page’s data, the API, every export, both share views, the assistant and market research agree', async () => {
    const detail = (await get(`/api/searches/${searchId}`)).json<{ data: SearchDetail }>().data;
    expect(detail.results.map((r) => r.title)).toEqual(EXPECTED);

    const keyRes = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: owner.headers,
      payload: { name: 'order', scopes: ['read', 'export'], expiresInDays: 90 },
    });
    const key = { authorization: `Bearer ${keyRes.json<{ data: { key: string } }>().data.key}` };
    const v1 = (await get(`/api/v1/searches/${searchId}`, key)).json<{ data: SearchDetail }>().data;
    expect(v1.results.map((r) => r.title)).toEqual(EXPECTED);

    const csv = (await get(`/api/exports/searches/${searchId}/csv`)).body;
    const csvRows = csv.split('\r\n').filter((l) => EXPECTED.some((title) => l.includes(title)));
    expect(csvRows.map((l) => l.split(',').slice(0, 2).join(','))).toEqual(
      EXPECTED.map((title, i) => `${i + 1},${title}`),
    );

    const pdf = await pdfPages((await get(`/api/exports/searches/${searchId}/pdf`)).rawPayload);
    const summary = pdf.find((p) => p.includes('Summary')) ?? '';
    expect(titlesIn(summary)).toEqual(EXPECTED);
    expect(summary).toContain(`1. ${EXPECTED[0]}`);

    const bundle = (await get(`/api/exports/searches/${searchId}/bundle`)).json<AnalysisBundle>();
    expect(bundle.payload.analysis.opportunities.map((o) => o.title)).toEqual(EXPECTED);

    const deck = await JSZip.loadAsync((await get(`/api/exports/searches/${searchId}/pptx`)).rawPayload);
    const firstSlide = (await deck.file('ppt/slides/slide1.xml')?.async('string')) ?? '';
    expect(firstSlide).toContain(EXPECTED[0]);

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/searches/${searchId}/share-links`,
      headers: owner.headers,
      payload: { expiresIn: '7d' },
    });
    const token = link.json<{ data: { token: string } }>().data.token;
    const publicView = (await get(`/api/share/${token}`, {})).json<{ data: SharedAnalysis }>().data;
    expect(publicView.results.map((o) => o.title)).toEqual(EXPECTED);

    const teamView = (await get(`/api/shared/analyses/${searchId}`)).json<{ data: SharedAnalysisView }>().data;
    expect(teamView.opportunities.map((o) => o.title)).toEqual(EXPECTED);
    const ids = new Map(detail.results.map((r) => [r.title, r.id]));
    expect(teamView.opportunities.map((o) => o.id)).toEqual(EXPECTED.map((title) => ids.get(title)));

    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: owner.headers,
      payload: { analysisId: searchId },
    });
    const questions = chat.json<{ data: Conversation }>().data.suggestedQuestions.map((q) => q.questionText);
    expect(questions.join(' ')).toContain(EXPECTED[0]);
    expect(questions.join(' ')).not.toContain(EXPECTED[2]);

    const research = await t.app.inject({
      method: 'POST',
      url: '/api/market-research',
      headers: owner.headers,
      payload: { market: QUERY },
    });
    const reportId = research.json<{ data: { report: { id: number } } }>().data.report.id;
    const report = (await get(`/api/market-research/${reportId}`)).json<{ data: MarketReportDto }>().data;
    expect(report.opportunities.map((o) => o.title)).toEqual(EXPECTED);
  });

  it('every export writes the scores as the page shows them: whole numbers on 0–100 (issue 29: 41.7 vs 42)', async () => {
    const csv = (await get(`/api/exports/searches/${searchId}/csv`)).body;
    const csvRows = csv.split('\r\n').filter((l) => EXPECTED.some((title) => l.includes(title)));
    // Rank, title, category, opportunity score.
    expect(csvRows.map((l) => l.split(',')[3])).toEqual(['52', '42', '32']);
    expect(csv).not.toContain('41.7');

    const pdf = (await pdfPages((await get(`/api/exports/searches/${searchId}/pdf`)).rawPayload)).join('\n');
    expect(pdf).toContain('opportunity 52/100');
    expect(pdf).toContain('opportunity 42/100');
    expect(pdf).not.toMatch(/opportunity 4\d\.\d/);
  });
});

import { describe, expect, it } from 'vitest';
import { NO_EVIDENCE_ANSWER } from '#shared/chat/chat.constants.ts';
import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { createEngine } from '../../engine/engine.ts';
import { readTestVariable } from '../../env.ts';
import { testEnv } from '../../test/test-env.ts';
import type { AnalysisContext } from './analysis-context.types.ts';
import { composeOffline } from './answer-offline.logic.ts';
import { ungroundedNumbers } from './grounding.logic.ts';
import { evidenceText } from './retrieve.logic.ts';
import { suggestQuestions } from './suggest-questions.logic.ts';

// Grounding: every number in an offline answer appears in the evidence it cites. Run over 50+
// answers on the full public datasets when DATASETS_DIR is set (CI sets it), else on the seed corpus.

const datasetsDir = readTestVariable('DATASETS_DIR');
const QUERIES = [
  'front desk automation for dental practices',
  'bookkeeping for restaurants',
  'pet care for elderly owners',
  'compliance software for trucking companies',
  'scheduling for home health aides',
  'inventory management for small farms',
];
const QUESTIONS = [
  'Who already serves this?',
  'How was the opportunity score computed?',
  'How feasible is it to build?',
  'What drives the market size score?',
  'How many people do this work, and is it growing?',
  'What are the risks?',
  'Which tasks should I build for first?',
  'Why did companies here shut down?',
  'How confident is the analysis?',
  'What does the evidence say about software they use?',
  'Who are the competitors and what are the risks?',
  'Confirm there are no competitors here.',
  'Nobody has tried this, so which tasks come first?',
  'With 500,000 workers doing this, is the demand big enough?',
];

function contextOf(id: number, analysis: GapAnalysis): AnalysisContext {
  return {
    id,
    query: analysis.query,
    status: analysis.status,
    reason: analysis.reason,
    results: analysis.opportunities.map((o) => ({ ...o, id: id * 100 + o.rank })),
  };
}

describe(`offline answers over ${datasetsDir ? 'the full datasets' : 'the seed corpus'}`, async () => {
  const env = testEnv(datasetsDir ? { DATASETS_DIR: datasetsDir } : {});
  const engine = await createEngine({ env });
  const contexts: AnalysisContext[] = [];
  for (const [i, query] of QUERIES.entries()) {
    const analysis = await engine.analyze({ query, filters: defaultFilters() });
    if (analysis.opportunities.length > 0) contexts.push(contextOf(i + 1, analysis));
  }

  it('cite only what the analysis holds, and every number appears in what they cite (50+ answers)', () => {
    expect(contexts.length).toBeGreaterThanOrEqual(datasetsDir ? 5 : 2);
    let answered = 0;
    let cited = 0;
    for (const context of contexts) {
      // Evidence ids are an opportunity's own: an adjacent segment's establishments are not the core's.
      const evidence = new Map(
        context.results.flatMap((r) => r.evidence.map((e) => [`${r.id}|${e.id}`, evidenceText(e)])),
      );
      const suggested = suggestQuestions(context, false).map((s) => s.questionText);
      for (const question of [...QUESTIONS, ...suggested]) {
        const { content, citations } = composeOffline(context, question);
        answered += 1;
        expect(ungroundedNumbers(content, citations), `${context.query} / ${question}\n${content}`).toEqual([]);
        for (const c of citations) expect(context.results.map((r) => r.id)).toContain(c.resultId);
        for (const c of citations.flatMap((x) => (x.kind === 'evidence' ? [x] : []))) {
          expect(evidence.get(`${c.resultId}|${c.ref}`), c.ref).toBe(c.text);
        }
        if (citations.length > 0) cited += 1;
        else expect(content, content).toContain(NO_EVIDENCE_ANSWER);
      }
    }
    expect(answered).toBeGreaterThanOrEqual(datasetsDir ? 50 : 20);
    expect(cited / answered).toBeGreaterThan(0.7);
  });

  it('the check itself catches a number that is not in the cited evidence', () => {
    const context = contexts[0]!;
    const { content, citations } = composeOffline(context, 'How was the opportunity score computed?');
    expect(citations.length).toBeGreaterThan(0);
    expect(ungroundedNumbers(`${content}\nAbout 4,321,987 people need this.`, citations)).toEqual(['4321987']);
  });
});
